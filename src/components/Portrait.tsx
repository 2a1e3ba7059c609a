/** A person's round portrait, resized to its displayed size; without an image, a tinted circle in its place. */
import { resizedImage } from '../domain/images.ts';

interface PortraitImageProps {
  image: string;
  /** The person's name, for the alternative text. */
  name: string;
  /** The width and height in CSS pixels the image is resized for. */
  size: number;
  className: string;
  /** At the top of its page: fetched at once and first, as the page's largest paint. */
  aboveTheFold?: boolean;
}

export function PortraitImage({ image, name, size, className, aboveTheFold = false }: PortraitImageProps) {
  return (
    <img
      {...resizedImage(image, size)}
      alt={`Portrait of ${name}`}
      width={size}
      height={size}
      loading={aboveTheFold ? 'eager' : 'lazy'}
      fetchPriority={aboveTheFold ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  );
}

/**
 * The portrait, or with no image a placeholder circle for the layout. `sizes`: the size classes,
 * the smallest first ('size-20 sm:size-24'); `castsShadow`: the image casts a tinted shadow.
 */
export function Portrait({
  image,
  sizes,
  castsShadow = false,
  ...imageProps
}: Omit<PortraitImageProps, 'image' | 'className' | 'aboveTheFold'> & {
  image: string | null | undefined;
  sizes: string;
  castsShadow?: boolean;
}) {
  const [smallest, ...larger] = sizes.split(' ');
  const classes = (...middle: string[]) => [smallest, 'shrink-0 rounded-full', ...middle, ...larger].join(' ');
  return image ? (
    <PortraitImage
      image={image}
      className={classes('object-cover', ...(castsShadow ? ['shadow-lg shadow-brand-primary/15'] : []))}
      {...imageProps}
    />
  ) : (
    <div aria-hidden="true" className={classes('bg-brand-primary/15')} />
  );
}

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

/** The portrait, or with no image a placeholder circle (`placeholderClassName`) for the layout. */
export function Portrait({
  image,
  placeholderClassName,
  ...imageProps
}: Omit<PortraitImageProps, 'image' | 'aboveTheFold'> & { image: string | null | undefined; placeholderClassName: string }) {
  return image ? <PortraitImage image={image} {...imageProps} /> : <div aria-hidden="true" className={placeholderClassName} />;
}

/**
 * Apple Podcasts' categories and subcategories (decision 0034): the only values
 * `itunes:category` may take. Apple reads the text exactly, "&" included (the XML escapes it).
 */
export const APPLE_CATEGORIES: Readonly<Record<string, readonly string[]>> = {
  Arts: ['Books', 'Design', 'Fashion & Beauty', 'Food', 'Performing Arts', 'Visual Arts'],
  Business: ['Careers', 'Entrepreneurship', 'Investing', 'Management', 'Marketing', 'Non-Profit'],
  Comedy: ['Comedy Interviews', 'Improv', 'Stand-Up'],
  Education: ['Courses', 'How To', 'Language Learning', 'Self-Improvement'],
  Fiction: ['Comedy Fiction', 'Drama', 'Science Fiction'],
  Government: [],
  History: [],
  'Health & Fitness': ['Alternative Health', 'Fitness', 'Medicine', 'Mental Health', 'Nutrition', 'Sexuality'],
  'Kids & Family': ['Education for Kids', 'Parenting', 'Pets & Animals', 'Stories for Kids'],
  Leisure: ['Animation & Manga', 'Automotive', 'Aviation', 'Crafts', 'Games', 'Hobbies', 'Home & Garden', 'Video Games'],
  Music: ['Music Commentary', 'Music History', 'Music Interviews'],
  News: ['Business News', 'Daily News', 'Entertainment News', 'News Commentary', 'Politics', 'Sports News', 'Tech News'],
  'Religion & Spirituality': ['Buddhism', 'Christianity', 'Hinduism', 'Islam', 'Judaism', 'Religion', 'Spirituality'],
  Science: [
    'Astronomy',
    'Chemistry',
    'Earth Sciences',
    'Life Sciences',
    'Mathematics',
    'Natural Sciences',
    'Nature',
    'Physics',
    'Social Sciences',
  ],
  'Society & Culture': ['Documentary', 'Personal Journals', 'Philosophy', 'Places & Travel', 'Relationships'],
  Sports: [
    'Baseball',
    'Basketball',
    'Cricket',
    'Fantasy Sports',
    'Football',
    'Golf',
    'Hockey',
    'Rugby',
    'Running',
    'Soccer',
    'Swimming',
    'Tennis',
    'Volleyball',
    'Wilderness',
    'Wrestling',
  ],
  Technology: [],
  'True Crime': [],
  'TV & Film': ['After Shows', 'Film History', 'Film Interviews', 'Film Reviews', 'TV Reviews'],
};

/** A category choice as the form posts it: "Business" or "Business / Entrepreneurship". */
export interface CategoryChoice {
  category: string;
  subcategory: string | null;
}

const SEPARATOR = ' / ';

export function categoryValue(choice: CategoryChoice): string {
  return choice.subcategory ? `${choice.category}${SEPARATOR}${choice.subcategory}` : choice.category;
}

/** The choice a posted value names, or null when it is not one of Apple's. */
export function parseCategoryValue(value: string): CategoryChoice | null {
  const [category = '', subcategory = null, ...rest] = value.split(SEPARATOR);
  const subcategories = Object.hasOwn(APPLE_CATEGORIES, category) ? APPLE_CATEGORIES[category] : undefined;
  if (!subcategories || rest.length) return null;
  if (subcategory === null) return { category, subcategory: null };
  return subcategories.includes(subcategory) ? { category, subcategory } : null;
}

/** Every choice, in Apple's order: each category, then its subcategories. */
export function categoryChoices(): CategoryChoice[] {
  return Object.entries(APPLE_CATEGORIES).flatMap(([category, subcategories]) => [
    { category, subcategory: null },
    ...subcategories.map((subcategory) => ({ category, subcategory })),
  ]);
}

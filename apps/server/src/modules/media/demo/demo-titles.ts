import type { AgeRating, Collection } from '@salomtv/contract';
import type { ArtTitle } from './demo-art.js';
import type { FilmMood } from './demo-films.js';
import type { SceneSpec } from './demo-look.js';

/**
 * The demo catalogue: invented titles with descriptions, genres and cast, for a fresh install to browse. The first
 * is the home page's hero: it is listed first and its art and film are made first.
 */
export interface DemoTitle {
  title: string;
  kind: 'movie' | 'series';
  year: number;
  age_rating: AgeRating;
  genres: string[];
  tags: string[];
  cast: string[];
  collections: Collection[];
  featured?: boolean;
  /** Days from today: a positive number makes the title upcoming. */
  releaseInDays?: number;
  description: string;
  /** What its key art shows (drawn from its slug, so each title's differs). */
  look: SceneSpec;
  /** Which of the shared demo films it plays. */
  film: FilmMood;
  /** The line over the title on its poster. */
  tagline: string;
  trailer?: boolean;
  /** For series: episode titles per season. */
  seasons?: string[][];
}

export const demoTitles: DemoTitle[] = [
  {
    title: 'Night Harbor',
    kind: 'movie',
    year: 2023,
    age_rating: '16+',
    genres: ['Thriller', 'Crime', 'Mystery'],
    tags: ['port city', 'smuggling', 'detective'],
    cast: ['Amelia Hart', 'Rustam Karimov', 'Jonah Reyes'],
    collections: ['hollywood_movies'],
    featured: true,
    trailer: true,
    description:
      '<p>When a container ship drifts into port with no crew aboard, harbour detective <strong>Mara Voss</strong> has one night to find out who emptied it, and why the manifest lists her own name.</p>',
    look: { sky: 'night', land: 'sea', skyline: 'harbour', weather: 'rain', figure: 'detective' },
    film: 'night',
    tagline: 'Every ship keeps a secret. Tonight, so does she.',
  },
  {
    title: 'The Silk Road Cipher',
    kind: 'movie',
    year: 2022,
    age_rating: '13+',
    genres: ['Mystery', 'Thriller', 'Adventure'],
    tags: ['treasure', 'codes', 'Samarkand'],
    cast: ['Dilnoza Yusupova', 'Oliver Grant', 'Farrukh Aliev'],
    collections: ['salomtv_special'],
    featured: true,
    trailer: true,
    description:
      '<p>A museum restorer finds a coded map stitched inside a centuries-old carpet. Following it from Bukhara to Kashgar, she races a collector who will stop at nothing to read it first.</p>',
    look: { sky: 'night', land: 'dunes', skyline: 'domes', weather: 'clear', figure: 'person' },
    film: 'night',
    tagline: 'Some maps are woven to be hidden.',
  },
  {
    title: 'Samarkand Sunrise',
    kind: 'movie',
    year: 2021,
    age_rating: '13+',
    genres: ['Drama', 'Romance'],
    tags: ['family', 'homecoming'],
    cast: ['Malika Rahimova', 'Timur Saidov'],
    collections: ['salomtv_special'],
    description:
      "<p>Ten years after leaving for Moscow, a chef comes home to save her father's tea house, and finds the boy next door now runs the restaurant across the square.</p>",
    look: { sky: 'dawn', land: 'hills', skyline: 'domes', weather: 'clear', figure: 'pair' },
    film: 'warm',
    tagline: 'Home is the recipe you never wrote down.',
  },
  {
    title: 'Cold Ledger',
    kind: 'movie',
    year: 2020,
    age_rating: '18+',
    genres: ['Crime', 'Drama'],
    tags: ['bank', 'heist', 'winter'],
    cast: ['Victor Lang', 'Nadia Orlova', 'Sam Whitaker'],
    collections: ['hollywood_movies'],
    trailer: true,
    description:
      '<p>An accountant who has quietly laundered money for twenty years decides to steal it back, in the coldest week the city has seen in a century.</p>',
    look: { sky: 'winter', land: 'plain', skyline: 'towers', weather: 'snow', figure: 'person' },
    film: 'night',
    tagline: 'Twenty years of clean books. One cold week to burn them.',
  },
  {
    title: 'Orbit of Ashes',
    kind: 'movie',
    year: 2024,
    age_rating: '16+',
    genres: ['Sci-Fi', 'Action'],
    tags: ['space station', 'survival'],
    cast: ['Ines Moreau', 'Kwame Mensah', 'Lena Fischer'],
    collections: ['hollywood_movies'],
    featured: true,
    trailer: true,
    description:
      '<p>The last crew of a failing orbital refinery has eleven hours of air and one working shuttle seat. <em>Nobody</em> is volunteering to stay behind.</p>',
    look: { sky: 'space', land: 'plain', skyline: 'station', weather: 'clear', figure: 'ship' },
    film: 'space',
    tagline: 'Eleven hours of air. One seat home.',
  },
  {
    title: 'The Last Caravan',
    kind: 'movie',
    year: 2019,
    age_rating: '13+',
    genres: ['Adventure', 'Drama', 'History'],
    tags: ['desert', 'journey'],
    cast: ['Aziz Nurmatov', 'Sophie Laurent'],
    collections: [],
    description:
      '<p>In 1890 a caravan master takes one final crossing of the Kyzylkum with a cargo he was told never to open.</p>',
    look: { sky: 'dusk', land: 'dunes', skyline: 'none', weather: 'dust', figure: 'caravan' },
    film: 'warm',
    tagline: 'One last crossing. One cargo never to open.',
  },
  {
    title: 'Paper Lanterns',
    kind: 'movie',
    year: 2022,
    age_rating: '7+',
    genres: ['Comedy', 'Drama', 'Family'],
    tags: ['festival', 'friendship'],
    cast: ['Mina Park', 'Leo Carter'],
    collections: [],
    description:
      "<p>Two rival families are forced to build the town festival's lantern float together. It goes about as well as expected.</p>",
    look: { sky: 'night', land: 'plain', skyline: 'houses', weather: 'lanterns', figure: 'pair' },
    film: 'warm',
    tagline: 'Two families. One float. What could go wrong?',
  },
  {
    title: 'Whistle & Wren',
    kind: 'movie',
    year: 2023,
    age_rating: 'All',
    genres: ['Animation', 'Family', 'Comedy'],
    tags: ['birds', 'music'],
    cast: ['Voice of Lily Stone', 'Voice of Ben Ortiz'],
    collections: [],
    featured: true,
    trailer: true,
    description:
      "<p>A tone-deaf wren and a very patient kettle set out to win the forest's spring singing contest.</p>",
    look: { sky: 'day', land: 'hills', skyline: 'trees', weather: 'clear', figure: 'birds' },
    film: 'kids',
    tagline: 'The forest has never heard anything like it.',
  },
  {
    title: 'Moonlit Meadow',
    kind: 'movie',
    year: 2021,
    age_rating: 'All',
    genres: ['Animation', 'Family'],
    tags: ['bedtime', 'animals'],
    cast: ['Voice of Ada Brooks'],
    collections: [],
    description:
      '<p>Every night the meadow animals hold a secret parade. Tonight, a lost firefly leads it.</p>',
    look: { sky: 'night', land: 'hills', skyline: 'trees', weather: 'fireflies', figure: 'none' },
    film: 'kids',
    tagline: 'Tonight, the smallest light leads the way.',
  },
  {
    title: 'Robo Rally',
    kind: 'movie',
    year: 2024,
    age_rating: '7+',
    genres: ['Animation', 'Sci-Fi', 'Comedy'],
    tags: ['robots', 'racing'],
    cast: ['Voice of Max Chen', 'Voice of Zara Ali'],
    collections: [],
    trailer: true,
    description:
      '<p>A junkyard robot builds a racer out of spare parts and enters the biggest rally on Mars.</p>',
    look: { sky: 'mars', land: 'dunes', skyline: 'none', weather: 'dust', figure: 'robot' },
    film: 'kids',
    tagline: 'Built from junk. Born to race.',
  },
  {
    title: 'Echo Valley',
    kind: 'movie',
    year: 2023,
    age_rating: '18+',
    genres: ['Horror', 'Mystery'],
    tags: ['mountains', 'folklore'],
    cast: ['Hannah Cole', 'Rashid Umarov'],
    collections: ['hollywood_movies'],
    description:
      '<p>Hikers in a remote valley hear their own voices answering from the other side of the ridge, a day before they speak.</p>',
    look: { sky: 'storm', land: 'mountains', skyline: 'pines', weather: 'fog', figure: 'person' },
    film: 'night',
    tagline: 'Do not answer when the valley calls your name.',
  },
  {
    title: 'The Quiet Detective',
    kind: 'movie',
    year: 2020,
    age_rating: '13+',
    genres: ['Crime', 'Mystery', 'Comedy'],
    tags: ['whodunit', 'village'],
    cast: ['Arthur Bell', 'Gulnora Tosheva'],
    collections: [],
    description:
      "<p>A retired librarian solves the village's strangest theft without ever raising her voice, or leaving her armchair.</p>",
    look: { sky: 'dusk', land: 'hills', skyline: 'houses', weather: 'clear', figure: 'detective' },
    film: 'warm',
    tagline: 'She never raises her voice. She never needs to.',
  },
  {
    title: 'Glass Tide',
    kind: 'movie',
    year: 2026,
    age_rating: '16+',
    genres: ['Thriller', 'Sci-Fi'],
    tags: ['ocean', 'experiment'],
    cast: ['Clara Yoon', 'David Osei'],
    collections: ['hollywood_movies'],
    releaseInDays: 45,
    trailer: true,
    description: '<p>A marine lab discovers the tide has started arriving an hour early, and then two.</p>',
    look: { sky: 'dawn', land: 'sea', skyline: 'none', weather: 'fog', figure: 'person' },
    film: 'space',
    tagline: 'The sea is keeping a different time.',
  },
  {
    title: "Falcon's Oath",
    kind: 'movie',
    year: 2026,
    age_rating: '16+',
    genres: ['Action', 'History', 'Drama'],
    tags: ['epic', 'steppe'],
    cast: ['Bekzod Ergashev', 'Aigerim Sultan'],
    collections: ['salomtv_special'],
    releaseInDays: 90,
    trailer: true,
    description:
      "<p>A falconer sworn to guard a khan's heir must carry her across the steppe through a winter war.</p>",
    look: { sky: 'winter', land: 'mountains', skyline: 'none', weather: 'snow', figure: 'banner' },
    film: 'warm',
    tagline: 'A promise carried across a frozen steppe.',
  },
  {
    title: 'Ledger of Lies',
    kind: 'series',
    year: 2024,
    age_rating: '16+',
    genres: ['Thriller', 'Crime', 'Drama'],
    tags: ['corporate', 'whistleblower'],
    cast: ['Rebecca Stone', 'Jamshid Kholov', 'Tom Avery'],
    collections: ['america_tv_shows'],
    featured: true,
    trailer: true,
    description:
      '<p>An auditor at a New York bank finds one transaction that should not exist. Every episode, someone else wants it to disappear.</p>',
    look: { sky: 'night', land: 'plain', skyline: 'towers', weather: 'rain', figure: 'detective' },
    film: 'night',
    tagline: 'One transaction should not exist.',
    seasons: [['The Extra Zero', 'Paper Trail', 'Closing Bell']],
  },
  {
    title: 'Bazaar Stories',
    kind: 'series',
    year: 2023,
    age_rating: '13+',
    genres: ['Drama', 'Comedy'],
    tags: ['market', 'neighbours', 'Tashkent'],
    cast: ['Nodira Alimova', 'Sherzod Rakhimov'],
    collections: ['salomtv_special'],
    description: "<p>Life, love and haggling among the stall keepers of Tashkent's oldest bazaar.</p>",
    look: { sky: 'dusk', land: 'plain', skyline: 'domes', weather: 'lanterns', figure: 'person' },
    film: 'warm',
    tagline: 'Every stall has a story. Every story has a price.',
    seasons: [['Opening Day', 'The Melon Feud'], ['New Neighbours']],
  },
];

/** A demo title's art direction and words, by its name. */
export function artTitleOf(name: string): ArtTitle {
  const demo = demoTitles.find((d) => d.title === name);
  if (!demo) throw new Error(`"${name}" is not a demo title`);
  return { ...demo, upcoming: Boolean(demo.releaseInDays) };
}

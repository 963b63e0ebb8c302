import sharp from 'sharp';
import {
  RENT_CATEGORIES,
  RENT_PAYMENT_FREQUENCIES,
  type RentCategory,
  type RentPaymentFrequency,
  type RentStatus,
} from '../../src/domain/rent-post';
import { toIsoDate } from '../../src/domain/date-of-birth';
import { toBanglaDigits } from '../../src/i18n/digits';
import type { Database } from '../db/client';
import type { StoredPhoto } from '../db/schema';
import { encodeListingPhoto, saveListingPhoto, type EncodedListingPhoto } from '../images/listing-photos';
import type { ImageStorage } from '../images/storage';
import { RENT_PHOTO_FOLDER } from '../rent/property-image-routes';
import { insertRentPost } from '../rent/rent-posts';
import { RENT_SCENES, rentSceneSvg, type RentScene } from './rent-scenes';

/**
 * Demo rent posts for a fresh data directory: every category and payment frequency, in areas of several cities of
 * Bangladesh, posted by the demo users, a third of them written in Bangla. Each scene is drawn and encoded once; every post gets its own copies
 * of the files, so deleting one post never takes another post's photos with it.
 */

export const DEMO_RENT_POST_COUNT = 66;
/**
 * One demo ad is left unconfirmed past RENT_CONFIRM_AFTER_DAYS (and short of unlisting): the first poster's second
 * ad, an Active one (posts go to posters in turn). Several of that poster's ads are Booked (every seventh from the
 * sixth).
 */
export const DEMO_STALE_RENT_POST_DAYS = 70;

/**
 * Where the demo ads are: 27 city areas and an upazila in 11 districts, each with the free text an ad shows (city,
 * area in the address line), in English and in Bangla, and its place (src/domain/places), as an ad posted with the
 * area picker has both.
 * The list's length shares no factor with 5, so `(i * 5) % length` walks every place.
 */
const PLACES: readonly {
  city: string;
  area: string;
  postalCode: string;
  placeId: string;
  /** The city and area as an ad written in Bangla names them (the place's Bangla name, src/domain/places). */
  bn: { city: string; area: string };
}[] = [
  {
    city: 'Dhaka',
    area: 'Road 7, Dhanmondi',
    postalCode: '1205',
    placeId: 'ar-dhanmondi',
    bn: { city: 'ঢাকা', area: 'রোড ৭, ধানমন্ডি' },
  },
  {
    city: 'Dhaka',
    area: 'Block C, Banani',
    postalCode: '1213',
    placeId: 'ar-banani',
    bn: { city: 'ঢাকা', area: 'ব্লক সি, বনানী' },
  },
  {
    city: 'Dhaka',
    area: 'Sector 7, Uttara',
    postalCode: '1230',
    placeId: 'ar-uttara',
    bn: { city: 'ঢাকা', area: 'সেক্টর ৭, উত্তরা' },
  },
  {
    city: 'Dhaka',
    area: 'Mirpur 10',
    postalCode: '1216',
    placeId: 'ar-mirpur',
    bn: { city: 'ঢাকা', area: 'মিরপুর ১০' },
  },
  {
    city: 'Chattogram',
    area: 'GEC Circle',
    postalCode: '4000',
    placeId: 'ar-gec-circle',
    bn: { city: 'চট্টগ্রাম', area: 'জিইসি মোড়' },
  },
  {
    city: 'Chattogram',
    area: 'Agrabad C/A',
    postalCode: '4100',
    placeId: 'ar-agrabad',
    bn: { city: 'চট্টগ্রাম', area: 'আগ্রাবাদ বাণিজ্যিক এলাকা' },
  },
  {
    city: 'Sylhet',
    area: 'Zindabazar',
    postalCode: '3100',
    placeId: 'ar-zindabazar',
    bn: { city: 'সিলেট', area: 'জিন্দাবাজার' },
  },
  {
    city: 'Khulna',
    area: 'Sonadanga',
    postalCode: '9100',
    placeId: 'ar-sonadanga',
    bn: { city: 'খুলনা', area: 'সোনাডাঙ্গা' },
  },
  {
    city: 'Rajshahi',
    area: 'Shaheb Bazar',
    postalCode: '6000',
    placeId: 'ar-shaheb-bazar',
    bn: { city: 'রাজশাহী', area: 'সাহেব বাজার' },
  },
  {
    city: 'Barishal',
    area: 'Nathullabad',
    postalCode: '8200',
    placeId: 'ar-nathullabad',
    bn: { city: 'বরিশাল', area: 'নথুল্লাবাদ' },
  },
  {
    city: 'Rangpur',
    area: 'Jahaj Company More',
    postalCode: '5400',
    placeId: 'ar-jahaj-company-more',
    bn: { city: 'রংপুর', area: 'জাহাজ কোম্পানি মোড়' },
  },
  {
    city: 'Mymensingh',
    area: 'Ganginarpar',
    postalCode: '2200',
    placeId: 'ar-ganginarpar',
    bn: { city: 'ময়মনসিংহ', area: 'গাঙ্গিনারপাড়' },
  },
  {
    city: 'Cumilla',
    area: 'Kandirpar',
    postalCode: '3500',
    placeId: 'ar-kandirpar',
    bn: { city: 'কুমিল্লা', area: 'কান্দিরপাড়' },
  },
  {
    city: 'Gazipur',
    area: 'Joydebpur',
    postalCode: '1700',
    placeId: 'ar-joydebpur',
    bn: { city: 'গাজীপুর', area: 'জয়দেবপুর' },
  },
  {
    city: 'Dhaka',
    area: 'Road 90, Gulshan 2',
    postalCode: '1212',
    placeId: 'ar-gulshan',
    bn: { city: 'ঢাকা', area: 'রোড ৯০, গুলশান ২' },
  },
  {
    city: 'Dhaka',
    area: 'Block B, Mohammadpur',
    postalCode: '1207',
    placeId: 'ar-mohammadpur',
    bn: { city: 'ঢাকা', area: 'ব্লক বি, মোহাম্মদপুর' },
  },
  {
    city: 'Dhaka',
    area: 'Block D, Bashundhara R/A',
    postalCode: '1229',
    placeId: 'ar-bashundhara',
    bn: { city: 'ঢাকা', area: 'ব্লক ডি, বসুন্ধরা আবাসিক এলাকা' },
  },
  {
    city: 'Dhaka',
    area: 'Motijheel C/A',
    postalCode: '1000',
    placeId: 'ar-motijheel',
    bn: { city: 'ঢাকা', area: 'মতিঝিল বাণিজ্যিক এলাকা' },
  },
  {
    city: 'Dhaka',
    area: 'Taltola, Khilgaon',
    postalCode: '1219',
    placeId: 'ar-khilgaon',
    bn: { city: 'ঢাকা', area: 'তালতলা, খিলগাঁও' },
  },
  {
    city: 'Dhaka',
    area: 'Merul Badda',
    postalCode: '1212',
    placeId: 'ar-badda',
    bn: { city: 'ঢাকা', area: 'মেরুল বাড্ডা' },
  },
  {
    city: 'Dhaka',
    area: 'Rankin Street, Wari',
    postalCode: '1203',
    placeId: 'ar-wari',
    bn: { city: 'ঢাকা', area: 'র‍্যাংকিন স্ট্রিট, ওয়ারী' },
  },
  {
    city: 'Chattogram',
    area: 'Nasirabad H/S',
    postalCode: '4209',
    placeId: 'ar-nasirabad',
    bn: { city: 'চট্টগ্রাম', area: 'নাসিরাবাদ হাউজিং' },
  },
  {
    city: 'Chattogram',
    area: 'Road 2, Khulshi',
    postalCode: '4225',
    placeId: 'ar-khulshi',
    bn: { city: 'চট্টগ্রাম', area: 'রোড ২, খুলশী' },
  },
  {
    city: 'Chattogram',
    area: 'Panchlaish R/A',
    postalCode: '4203',
    placeId: 'ar-panchlaish',
    bn: { city: 'চট্টগ্রাম', area: 'পাঁচলাইশ আবাসিক এলাকা' },
  },
  {
    city: 'Sylhet',
    area: 'Amberkhana',
    postalCode: '3100',
    placeId: 'ar-amberkhana',
    bn: { city: 'সিলেট', area: 'আম্বরখানা' },
  },
  {
    city: 'Narayanganj',
    area: 'Chashara',
    postalCode: '1400',
    placeId: 'ar-chashara',
    bn: { city: 'নারায়ণগঞ্জ', area: 'চাষাড়া' },
  },
  {
    city: 'Savar',
    area: 'Bank Colony',
    postalCode: '1340',
    placeId: 'up-365',
    bn: { city: 'সাভার', area: 'ব্যাংক কলোনি' },
  },
  {
    city: 'Khulna',
    area: 'Boyra Main Road',
    postalCode: '9000',
    placeId: 'ar-boyra',
    bn: { city: 'খুলনা', area: 'বয়রা মেইন রোড' },
  },
];

const SCENES_BY_CATEGORY: Record<RentCategory, readonly RentScene[]> = {
  'bachelor-room': ['bachelor-room', 'kitchen', 'apartment-block', 'bedroom'],
  'family-room': ['bedroom', 'living-room', 'kitchen', 'apartment-block', 'bachelor-room'],
  flat: ['living-room', 'bedroom', 'kitchen', 'apartment-block', 'bachelor-room'],
  store: ['shop-front', 'apartment-block', 'office'],
  office: ['office', 'apartment-block', 'living-room'],
  'shopping-mall': ['mall', 'shop-front', 'apartment-block', 'office'],
};

const DESCRIPTIONS: Record<RentCategory, readonly string[]> = {
  'bachelor-room': [
    'Furnished single room for a student or working bachelor, shared kitchen and bath, Wi-Fi and a quiet floor.',
    'Airy room with a window facing the lane, 24-hour water and gas, walking distance to buses and shops.',
  ],
  'family-room': [
    'Two bright rooms for a small family with an attached bath, a balcony and a shared kitchen with gas.',
    'Spacious family room in a calm house, tiled floors, safe entrance with a guard, close to schools.',
  ],
  flat: [
    'Three-bedroom flat with two baths, a drawing and dining room, lift, generator backup and car parking.',
    'Newly painted two-bedroom flat on the fourth floor, south-facing balcony, gas line and a lift.',
  ],
  store: [
    'Ground-floor shop on a busy market road, shutter front, electricity connection and a small store room.',
    'Corner store space with good footfall, suitable for a pharmacy, grocery or mobile shop.',
  ],
  office: [
    'Open-plan office floor with glass partitions, a meeting room, backup power and fibre internet ready.',
    'Compact office suite for a small team, reception area, two rooms, lift and parking for two cars.',
  ],
  'shopping-mall': [
    'Shop unit inside a shopping mall with escalator access, central air conditioning and 24-hour security.',
    'Food-court space in a popular mall, water and exhaust lines in place, long lease welcome.',
  ],
};

/**
 * The ads written in Bangla (every third one), as people in Dhaka write them on a classifieds site: short, with the
 * figures in Bangla digits and the English words of the trade (লিফট, জেনারেটর) as they are said.
 */
const BANGLA_DESCRIPTIONS: Record<RentCategory, readonly string[]> = {
  'bachelor-room': [
    'ছাত্র বা চাকরিজীবী ব্যাচেলরের জন্য ফার্নিশড সিঙ্গেল রুম। কিচেন ও বাথ শেয়ার, ওয়াইফাই আছে, পরিবেশ শান্ত।',
    'গলির দিকে জানালাসহ আলো-বাতাসের রুম। ২৪ ঘণ্টা পানি ও গ্যাস, বাসস্ট্যান্ড ও দোকান হাঁটা দূরত্বে।',
  ],
  'family-room': [
    'ছোট পরিবারের জন্য ২টি রুম, অ্যাটাচড বাথ ও একটি বারান্দা। কিচেন শেয়ার, লাইনের গ্যাস আছে।',
    'শান্ত বাড়িতে বড় ফ্যামিলি রুম, টাইলস করা মেঝে, গেটে দারোয়ান। কাছেই স্কুল ও বাজার।',
  ],
  flat: [
    '৩ বেড, ২ বাথ, ড্রয়িং-ডাইনিংসহ ফ্ল্যাট। লিফট, জেনারেটর ব্যাকআপ ও গাড়ি পার্কিংয়ের ব্যবস্থা আছে।',
    'নতুন রং করা ২ বেডরুমের ফ্ল্যাট, চার তলায়, দক্ষিণমুখী বারান্দা। গ্যাস লাইন ও লিফট আছে।',
  ],
  store: [
    'ব্যস্ত বাজার রোডে নিচতলায় দোকান। শাটার, বিদ্যুৎ সংযোগ ও ছোট একটি স্টোর রুম আছে।',
    'মোড়ের দোকান, সারাদিন লোকজনের চলাচল। ফার্মেসি, মুদি বা মোবাইলের দোকানের জন্য ভালো।',
  ],
  office: [
    'খোলা অফিস ফ্লোর, কাচের পার্টিশন ও একটি মিটিং রুম। জেনারেটর ব্যাকআপ, ফাইবার ইন্টারনেট রেডি।',
    'ছোট টিমের জন্য অফিস: রিসেপশন, ২টি রুম, লিফট এবং ২টি গাড়ির পার্কিং।',
  ],
  'shopping-mall': [
    'শপিং মলের ভেতরে দোকান, এস্কেলেটরের পাশে। সেন্ট্রাল এসি ও ২৪ ঘণ্টা সিকিউরিটি।',
    'জনপ্রিয় মলের ফুড কোর্টে জায়গা, পানি ও এক্সহস্ট লাইন করা আছে। লম্বা সময়ের জন্য ভাড়া দেওয়া হবে।',
  ],
};

const BANGLA_ADDRESS_PREFIX: Record<RentCategory, string> = {
  'bachelor-room': 'বাড়ি',
  'family-room': 'বাড়ি',
  flat: 'বাড়ি',
  store: 'হোল্ডিং',
  office: 'হোল্ডিং',
  'shopping-mall': 'দোকান',
};

/**
 * The place of the demo ad at `index`: the places in turn, except that two flats are in Mirpur (the second and
 * the fifteenth ad, one written in English and one in Bangla), where so many in Dhaka look for one: a search for
 * "মিরপুর ফ্ল্যাট" or "mirpor" finds something on a fresh demo (issue 39).
 */
const MIRPUR_FLATS = new Set([2, 14]);
function demoRentPlace(index: number): (typeof PLACES)[number] {
  const mirpur = PLACES.find((place) => place.placeId === 'ar-mirpur');
  if (MIRPUR_FLATS.has(index) && mirpur) return mirpur;
  return PLACES[(index * 5) % PLACES.length] as (typeof PLACES)[number];
}

/**
 * A third of the demo ads are written in Bangla, of every category (the category turns with the index, so the
 * third moves by one each round), the newest of them on the first page of the list.
 */
export function isBanglaDemoRentPost(index: number): boolean {
  return (index + Math.floor(index / RENT_CATEGORIES.length)) % 3 === 1;
}

const ADDRESS_PREFIX: Record<RentCategory, string> = {
  'bachelor-room': 'House',
  'family-room': 'House',
  flat: 'House',
  store: 'Holding',
  office: 'Holding',
  'shopping-mall': 'Shop',
};

// Whole taka per frequency, roughly what such a place costs in a Bangladeshi city.
const MONTHLY_COST: Record<RentCategory, number> = {
  'bachelor-room': 6000,
  'family-room': 14000,
  flat: 28000,
  store: 35000,
  office: 60000,
  'shopping-mall': 90000,
};
const FREQUENCY_FACTOR: Record<RentPaymentFrequency, number> = {
  daily: 1 / 25,
  monthly: 1,
  quarterly: 3,
  annually: 11.5,
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** Draws every scene and encodes it once (large photo and card thumbnail). */
async function encodeScenes(): Promise<Map<RentScene, EncodedListingPhoto>> {
  const encoded = await Promise.all(
    RENT_SCENES.map(async (scene) => {
      const png = await sharp(Buffer.from(rentSceneSvg(scene)))
        .png()
        .toBuffer();
      return [scene, await encodeListingPhoto(png)] as const;
    }),
  );
  return new Map(encoded);
}

export async function seedDemoRentPosts(deps: {
  db: Database;
  images: ImageStorage;
  /** The demo posters' user ids. */
  posterIds: readonly string[];
  now?: Date;
}): Promise<number> {
  if (deps.posterIds.length === 0) return 0;
  const now = deps.now ?? new Date();
  const scenes = await encodeScenes();

  for (let i = 0; i < DEMO_RENT_POST_COUNT; i += 1) {
    const category = RENT_CATEGORIES[i % RENT_CATEGORIES.length] as RentCategory;
    const frequency = RENT_PAYMENT_FREQUENCIES[
      Math.floor(i / RENT_CATEGORIES.length) % RENT_PAYMENT_FREQUENCIES.length
    ] as RentPaymentFrequency;
    const place = demoRentPlace(i);
    const posterId = deps.posterIds[i % deps.posterIds.length] as string;
    const sceneChoices = SCENES_BY_CATEGORY[category];
    // 1 to 5 photos, so cards show every layout and the "+N" overlay.
    const photoCount = Math.min(1 + ((i * 7) % 5), sceneChoices.length);
    const photos: StoredPhoto[] = [];
    for (let p = 0; p < photoCount; p += 1) {
      const scene = sceneChoices[(p + i) % sceneChoices.length] as RentScene;
      photos.push(await saveListingPhoto(deps.images, scenes.get(scene) as EncodedListingPhoto, RENT_PHOTO_FOLDER));
    }
    const cost = demoRentCost(category, frequency, 0.8 + ((i * 13) % 9) / 10);
    // One ad of the first demo account (Ayesha) has not been confirmed for 70 days: her profile asks about it.
    const createdAt =
      i === deps.posterIds.length
        ? new Date(now.getTime() - DEMO_STALE_RENT_POST_DAYS * DAY_MS)
        : new Date(now.getTime() - (i * 19 + 3) * 60 * 60 * 1000);
    const start = new Date(now.getTime() + ((i * 11) % 90) * DAY_MS);
    const status: RentStatus = i % 7 === 5 ? 'Booked' : 'Active';
    const bangla = isBanglaDemoRentPost(i);
    const descriptions = bangla ? BANGLA_DESCRIPTIONS[category] : DESCRIPTIONS[category];
    const houseNumber = String(10 + ((i * 3) % 80));
    await insertRentPost(
      deps.db,
      posterId,
      {
        category,
        cost,
        rentPaymentFrequency: frequency,
        rentStartDate: toIsoDate(start.getUTCFullYear(), start.getUTCMonth() + 1, start.getUTCDate()),
        contactInfo: `+880 17${String(11_000_000 + i * 104_729).slice(0, 2)}-${String(100_000 + i * 7919).slice(-6)}`,
        addressLine: bangla
          ? `${BANGLA_ADDRESS_PREFIX[category]} ${toBanglaDigits(houseNumber)}, ${place.bn.area}`
          : `${ADDRESS_PREFIX[category]} ${houseNumber}, ${place.area}`,
        city: bangla ? place.bn.city : place.city,
        postalCode: place.postalCode,
        placeId: place.placeId,
        details: descriptions[i % descriptions.length] as string,
      },
      photos,
      { now: createdAt, status },
    );
  }
  return DEMO_RENT_POST_COUNT;
}

/** Rents are quoted in round numbers: to the nearest 50 taka below 2,000, else the nearest 500. */
/**
 * A plausible price for a demo place: the category's typical monthly cost, per the payment frequency, times
 * `factor` (the spread around it), rounded to 50 taka below 2,000 and to 500 above. The benchmark's bulk seed
 * prices its posts the same way.
 */
export function demoRentCost(category: RentCategory, frequency: RentPaymentFrequency, factor: number): number {
  const value = MONTHLY_COST[category] * FREQUENCY_FACTOR[frequency] * factor;
  const step = value < 2000 ? 50 : 500;
  return Math.max(step, Math.round(value / step) * step);
}

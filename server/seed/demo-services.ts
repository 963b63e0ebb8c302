import { bundledPlaceIndex, findPlace } from '../../src/domain/places/place-tree';
import type { AvailableTime, Weekday } from '../../src/domain/service';
import type { ServiceCategory } from '../../src/domain/service-category';
import type { NewUser } from '../../src/domain/user';
import { findUserByEmail, insertUser } from '../accounts/users';
import type { AccountDirectory } from '../auth/identity';
import type { Database } from '../db/client';
import { reviews, services, type StoredPhoto } from '../db/schema';
import type { ImageStorage } from '../images/storage';
import { DEMO_PASSWORD } from './demo-data';
import { storeDemoCovers } from './demo-covers';

/**
 * Demo professionals and their services for a fresh data directory: twenty providers with two services each
 * plus one each for Karim and Nusrat (42 over all seven categories), reviewed by the demo users and by one
 * another. Half the providers write their services in Bangla, and half the reviews are in Bangla. Deterministic, so every fresh start shows the same marketplace; a few seconds at most.
 */

type Provider = Omit<NewUser, 'socialMedia' | 'profileImage' | 'nid'> & { offers: [ServiceCategory, ServiceCategory] };

const person = (
  name: string,
  handle: string,
  gender: 'Male' | 'Female',
  occupation: string,
  city: string,
  street: string,
  offers: [ServiceCategory, ServiceCategory],
  index: number,
): Provider => ({
  name,
  email: `${handle}@demo.basha.app`,
  phoneNumber: `+880 17${String(11 + index).padStart(2, '0')}-${String(400000 + index * 7919).slice(0, 6)}`,
  gender,
  nationality: 'Bangladeshi',
  occupation,
  dateOfBirth: `${1975 + (index % 22)}-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 27) + 1).padStart(2, '0')}`,
  address: { street, city, postalCode: city === 'Dhaka' ? '12' + String(index % 10).padStart(2, '0') : '4000' },
  offers,
});

export const DEMO_PROVIDERS: readonly Provider[] = [
  person(
    'Shirin Akter',
    'shirin',
    'Female',
    'Housekeeper',
    'Dhaka',
    'House 4, Road 7, Mohammadpur',
    ['Maid', 'Painter'],
    0,
  ),
  person(
    'Jamal Hossain',
    'jamal',
    'Male',
    'Mover',
    'Dhaka',
    '22 Kazi Nazrul Islam Ave, Farmgate',
    ['Home Shifter', 'Plumber'],
    1,
  ),
  person(
    'Farhana Islam',
    'farhana',
    'Female',
    'Teacher',
    'Dhaka',
    'Flat 5A, Road 27, Dhanmondi',
    ['Tutor', 'IT Provider'],
    2,
  ),
  person(
    'Rafiq Mia',
    'rafiq',
    'Male',
    'Electrician',
    'Dhaka',
    'Plot 9, Sector 10, Uttara',
    ['Electrician', 'Plumber'],
    3,
  ),
  person(
    'Tanvir Ahmed',
    'tanvir',
    'Male',
    'Network Engineer',
    'Dhaka',
    'House 33, Road 12, Banani',
    ['IT Provider', 'Electrician'],
    4,
  ),
  person('Sumon Das', 'sumon', 'Male', 'Painter', 'Chattogram', '18 Jamal Khan Road', ['Painter', 'Home Shifter'], 5),
  person(
    'Mizanur Rahman',
    'mizan',
    'Male',
    'Plumber',
    'Dhaka',
    'House 2, Lane 4, Mirpur 11',
    ['Plumber', 'Electrician'],
    6,
  ),
  person('Rokeya Begum', 'rokeya', 'Female', 'Housekeeper', 'Dhaka', 'Block D, Bashundhara R/A', ['Maid', 'Tutor'], 7),
  person(
    'Habib Khan',
    'habib',
    'Male',
    'Transport Contractor',
    'Chattogram',
    '7 Agrabad Access Road',
    ['Home Shifter', 'Painter'],
    8,
  ),
  person('Sadia Chowdhury', 'sadia', 'Female', 'Student', 'Dhaka', 'Road 3, Niketan, Gulshan 1', ['Tutor', 'Maid'], 9),
  person(
    'Kamal Sheikh',
    'kamal',
    'Male',
    'Electrician',
    'Chattogram',
    '45 O.R. Nizam Road',
    ['Electrician', 'IT Provider'],
    10,
  ),
  person(
    'Nadia Sultana',
    'nadia',
    'Female',
    'Web Developer',
    'Dhaka',
    'House 18, Road 6, Baridhara DOHS',
    ['IT Provider', 'Tutor'],
    11,
  ),
  person('Anwar Hossain', 'anwar', 'Male', 'Painter', 'Dhaka', '12 Shantinagar Bazar Road', ['Painter', 'Maid'], 12),
  person(
    'Bablu Mia',
    'bablu',
    'Male',
    'Plumber',
    'Dhaka',
    'House 40, Road 1, Rampura',
    ['Plumber', 'Home Shifter'],
    13,
  ),
  person(
    'Moriom Khatun',
    'moriom',
    'Female',
    'Cook and Housekeeper',
    'Dhaka',
    'Lalmatia Block E',
    ['Maid', 'Home Shifter'],
    14,
  ),
  person(
    'Shakil Ahmed',
    'shakil',
    'Male',
    'Driver',
    'Dhaka',
    'Tejgaon Industrial Area, Road 4',
    ['Home Shifter', 'Electrician'],
    15,
  ),
  person('Imran Kabir', 'imran', 'Male', 'Lecturer', 'Chattogram', 'Road 2, Khulshi', ['Tutor', 'Painter'], 16),
  person(
    'Joynal Abedin',
    'joynal',
    'Male',
    'Electrician',
    'Dhaka',
    'Keraniganj Main Road',
    ['Electrician', 'Maid'],
    17,
  ),
  person(
    'Priya Saha',
    'priya',
    'Female',
    'IT Support Specialist',
    'Dhaka',
    'House 9, Road 2, Wari',
    ['IT Provider', 'Plumber'],
    18,
  ),
  person(
    'Abdul Karim',
    'abdulkarim',
    'Male',
    'Painter',
    'Dhaka',
    'Jatrabari Chowrasta',
    ['Painter', 'IT Provider'],
    19,
  ),
];

const DESCRIPTIONS: Record<ServiceCategory, string[]> = {
  Maid: [
    'Daily home cleaning, dishes, laundry and ironing. Trusted by families for years, references on request.',
    'Part-time maid for cooking Bangladeshi meals, sweeping and mopping. Punctual and careful with your things.',
    'Deep cleaning before Eid or after moving: kitchens, bathrooms, windows and balconies, with my own supplies.',
  ],
  'Home Shifter': [
    'Full house shifting with a covered pickup, packing boxes, bubble wrap and four careful helpers.',
    'Small flat and bachelor moves inside the city. Furniture dismantled and fixed again at the new home.',
    'Office and home moving with insured transport. Fridge, TV and glass items packed separately.',
  ],
  Tutor: [
    'Mathematics and physics for classes 6 to 10 (Bangla and English version). Weekly tests and progress notes.',
    'English language and spoken English for school students and job seekers. Homework help included.',
    'HSC chemistry and biology tutoring with past board questions. Small groups or one to one at your home.',
  ],
  Electrician: [
    'House wiring, switch boards, fans, lights and IPS installation. Safe work with proper earthing.',
    'Quick fixes for short circuits, breaker trips and faulty sockets. Same-day visits in most areas.',
    'AC and geyser electrical connections, meter shifting and new lines for renovated flats.',
  ],
  'IT Provider': [
    'Home Wi-Fi setup, router configuration and network troubleshooting. Printers and smart TVs too.',
    'Laptop and desktop repair, Windows installation, virus removal and data backup at your home or office.',
    'Small office IT support: CCTV, shared drives, e-mail setup and monthly maintenance plans.',
  ],
  Painter: [
    'Interior painting with low-odour paints. Furniture covered, walls patched and the flat cleaned after.',
    'Exterior and roof painting, waterproofing and damp treatment before the monsoon.',
    'Decorative walls, doors and grill painting. Colour advice and a fixed quote after a free visit.',
  ],
  Plumber: [
    'Leaking taps, blocked drains, pipe fitting and bathroom fixtures. I bring my own tools and parts.',
    'Water pump, tank cleaning and motor repair. Emergency calls answered at night too.',
    'New bathroom and kitchen plumbing for renovations, with neat concealed pipe work.',
  ],
};

/** The same offers as providers who write in Bangla put them, as people in Dhaka write them in an app. */
const BANGLA_DESCRIPTIONS: Record<ServiceCategory, string[]> = {
  Maid: [
    'প্রতিদিন ঘর মোছা, থালাবাসন, কাপড় ধোয়া ও ইস্ত্রি। অনেক পরিবারে বছরের পর বছর কাজ করেছি, রেফারেন্স দিতে পারব।',
    'পার্ট-টাইম বুয়া: দেশি রান্না, ঝাড়ু ও মোছা। সময়মতো আসি, আপনার জিনিসপত্রের যত্ন নিই।',
    'ঈদের আগে বা বাসা বদলের পরে ডিপ ক্লিনিং: কিচেন, বাথরুম, জানালা ও বারান্দা। ক্লিনিংয়ের জিনিস আমার।',
  ],
  'Home Shifter': [
    'কাভার্ড ভ্যানে পুরো বাসা বদল: প্যাকিং কার্টন, বাবল র‍্যাপ আর চারজন যত্নশীল হেল্পার।',
    'শহরের ভেতরে ছোট ফ্ল্যাট ও ব্যাচেলর বাসা বদল। ফার্নিচার খুলে নিয়ে নতুন বাসায় আবার লাগিয়ে দিই।',
    'অফিস ও বাসা বদল, ইনস্যুরেন্সসহ গাড়ি। ফ্রিজ, টিভি ও কাচের জিনিস আলাদা করে প্যাক করা হয়।',
  ],
  Tutor: [
    '৬ষ্ঠ থেকে ১০ম শ্রেণির গণিত ও পদার্থবিজ্ঞান (বাংলা ও ইংলিশ ভার্সন)। প্রতি সপ্তাহে পরীক্ষা ও অগ্রগতির নোট।',
    'স্কুলের ছাত্রছাত্রী ও চাকরিপ্রার্থীদের জন্য ইংরেজি ও স্পোকেন ইংলিশ। হোমওয়ার্কেও সাহায্য করি।',
    'এইচএসসি রসায়ন ও জীববিজ্ঞান, বিগত বছরের বোর্ড প্রশ্নসহ। ছোট ব্যাচে বা আপনার বাসায় একা পড়াই।',
  ],
  Electrician: [
    'বাসার ওয়্যারিং, সুইচবোর্ড, ফ্যান, লাইট ও আইপিএস লাগানো। সঠিক আর্থিংসহ নিরাপদ কাজ।',
    'শর্ট সার্কিট, ব্রেকার পড়ে যাওয়া, নষ্ট সকেট: দ্রুত ঠিক করি। বেশিরভাগ এলাকায় একই দিনে আসি।',
    'এসি ও গিজারের বিদ্যুৎ সংযোগ, মিটার সরানো এবং নতুন করে সাজানো ফ্ল্যাটে নতুন লাইন।',
  ],
  'IT Provider': [
    'বাসার ওয়াইফাই সেটআপ, রাউটার কনফিগারেশন ও নেটওয়ার্কের সমস্যার সমাধান। প্রিন্টার ও স্মার্ট টিভিও।',
    'ল্যাপটপ ও ডেস্কটপ সার্ভিসিং, উইন্ডোজ সেটআপ, ভাইরাস দূর করা ও ডেটা ব্যাকআপ: বাসায় বা অফিসে।',
    'ছোট অফিসের আইটি সাপোর্ট: সিসিটিভি, শেয়ার্ড ড্রাইভ, ইমেইল সেটআপ ও মাসিক রক্ষণাবেক্ষণ।',
  ],
  Painter: [
    'কম গন্ধের রঙে ঘরের ভেতরের রং। ফার্নিচার ঢেকে রাখি, দেয়াল মেরামত করি, কাজ শেষে পরিষ্কার করে দিই।',
    'বাইরের দেয়াল ও ছাদে রং, বর্ষার আগে ওয়াটারপ্রুফিং ও স্যাঁতসেঁতে দেয়ালের কাজ।',
    'নকশা করা দেয়াল, দরজা ও গ্রিলে রং। ফ্রি ভিজিটের পরে রঙের পরামর্শ ও নির্দিষ্ট দাম জানাই।',
  ],
  Plumber: [
    'কলের পানি পড়া, ড্রেন বন্ধ, পাইপ ফিটিং ও বাথরুমের ফিটিংস। নিজের যন্ত্রপাতি ও পার্টস নিয়ে আসি।',
    'পানির পাম্প, ট্যাংক পরিষ্কার ও মোটর মেরামত। রাতেও জরুরি কলে সাড়া দিই।',
    'সংস্কারের সময় নতুন বাথরুম ও কিচেনের প্লাম্বিং, দেয়ালের ভেতরে পরিপাটি পাইপের কাজ।',
  ],
};

/**
 * Every other provider writes in Bangla (and so do their service areas, in the places' Bangla names), Nusrat too;
 * the others write in English.
 */
function writesBangla(offerIndex: number, providerCount: number): boolean {
  return offerIndex >= providerCount * 2 ? offerIndex % 2 === 1 : Math.floor(offerIndex / 2) % 2 === 1;
}

const PRICES: Record<ServiceCategory, [number, number][]> = {
  Maid: [
    [4000, 9000],
    [6000, 12000],
    [1500, 4000],
  ],
  'Home Shifter': [
    [5000, 25000],
    [3000, 12000],
    [8000, 40000],
  ],
  Tutor: [
    [3000, 8000],
    [4000, 10000],
    [5000, 15000],
  ],
  Electrician: [
    [500, 3000],
    [300, 1500],
    [800, 6000],
  ],
  'IT Provider': [
    [800, 4000],
    [1000, 5000],
    [2000, 15000],
  ],
  Painter: [
    [8000, 40000],
    [15000, 80000],
    [5000, 25000],
  ],
  Plumber: [
    [400, 2500],
    [600, 4000],
    [1500, 12000],
  ],
};

/**
 * The places the demo providers serve (src/domain/places), by the city they live in. A service shows each
 * place's name as its free-text service area too, as the demo did before places: the English name, or the Bangla
 * one for a provider who writes in Bangla.
 */
const AREAS: Record<string, string[]> = {
  Dhaka: [
    'ar-dhanmondi',
    'ar-mohammadpur',
    'ar-gulshan',
    'ar-banani',
    'ar-uttara',
    'ar-mirpur',
    'ar-bashundhara',
    'ar-badda',
    'ar-motijheel',
    'ar-wari',
  ],
  Chattogram: ['ar-agrabad', 'ar-khulshi', 'ar-nasirabad', 'ar-panchlaish', 'ar-halishahar', 'ar-gec-circle'],
};

function placeName(id: string, bangla: boolean): string {
  const place = findPlace(bundledPlaceIndex(), id);
  if (!place) throw new Error(`demo service area ${id} is not in the place tree`);
  return bangla ? place.bnName : place.name;
}

const TIMES: AvailableTime[] = ['day', 'day', 'night', 'always'];
const DAY_SETS: Weekday[][] = [
  ['Saturday', 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday'],
  ['Friday', 'Saturday'],
  ['Monday', 'Wednesday', 'Friday'],
  ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  ['Sunday', 'Tuesday', 'Thursday'],
];

const FEEDBACK: [number, string][] = [
  [5, 'Excellent work, arrived on time and left everything clean.'],
  [4, 'Good service and fair price. Would call again.'],
  [5, 'Very professional and polite. Highly recommended.'],
  [3, 'Did the job well but came an hour late.'],
  [4, 'Careful and honest. Explained everything before starting.'],
  [5, 'Best in the area. My family was very happy.'],
  [2, 'The work was fine but it took two visits to finish.'],
  [4, 'Reasonable charges and neat work.'],
];

/** The same reviews (the same ratings, so averages and orders do not depend on the language) written in Bangla. */
const BANGLA_FEEDBACK: readonly string[] = [
  'অনেক ভালো কাজ, সময়মতো এসেছেন, কাজ শেষে সব পরিষ্কার করে গেছেন।',
  'সার্ভিস ভালো, দামও ঠিক আছে। আবার ডাকব।',
  'খুবই প্রফেশনাল আর ভদ্র। সবাইকে রেকমেন্ড করছি।',
  'কাজ ভালো হয়েছে, তবে এক ঘণ্টা দেরি করে এসেছেন।',
  'যত্ন নিয়ে কাজ করেন, সৎ মানুষ। শুরুর আগে সব বুঝিয়ে বলেছেন।',
  'এলাকার সেরা। আমার পরিবারের সবাই খুব খুশি।',
  'কাজ মোটামুটি, কিন্তু শেষ করতে দুইবার আসতে হয়েছে।',
  'চার্জ রিজনেবল, কাজও পরিপাটি।',
];

/** Creates the demo providers, their services and reviews. `demoUserIds` are the ids seedDemoData answered. */
export async function seedDemoServices(deps: {
  db: Database;
  accounts: AccountDirectory;
  images: ImageStorage;
  demoUserIds: Record<string, string>;
  now?: Date;
}): Promise<{ providers: number; services: number; reviews: number }> {
  const now = deps.now ?? new Date();
  const covers = await storeDemoCovers(deps.images);

  const providerIds: string[] = await Promise.all(
    DEMO_PROVIDERS.map(async ({ offers: _offers, ...profile }) => {
      const existing = await findUserByEmail(deps.db, profile.email);
      if (existing) return existing.id;
      const uid = await deps.accounts.ensureAccount({
        email: profile.email,
        password: DEMO_PASSWORD,
        displayName: profile.name,
      });
      return (
        await insertUser(deps.db, uid, { ...profile, socialMedia: {}, profileImage: null }, { isVerified: true, now })
      ).id;
    }),
  );

  type Offer = { providerId: string; category: ServiceCategory; city: string; phone: string; street: string };
  const offers: Offer[] = DEMO_PROVIDERS.flatMap((provider, index) =>
    provider.offers.map((category) => ({
      providerId: providerIds[index] as string,
      category,
      city: provider.address.city,
      phone: provider.phoneNumber,
      street: provider.address.street,
    })),
  );
  const karim = deps.demoUserIds['karim@demo.basha.app'];
  const nusrat = deps.demoUserIds['nusrat@demo.basha.app'];
  if (karim)
    offers.push({
      providerId: karim,
      category: 'Electrician',
      city: 'Chattogram',
      phone: '+880 1819-876543',
      street: '45 CDA Avenue, GEC Circle',
    });
  if (nusrat)
    offers.push({
      providerId: nusrat,
      category: 'Tutor',
      city: 'Dhaka',
      phone: '+880 1712-345678',
      street: 'Flat 3B, Road 11, Block C, Banani',
    });

  const rows = offers.map((offer, index) => {
    const variant = index % 3;
    const bangla = writesBangla(index, DEMO_PROVIDERS.length);
    const areas = AREAS[offer.city] ?? AREAS.Dhaka!;
    // In Chattogram's list of 6 a third step names the first area again: its text keeps it, its places do not.
    const areaIds = [0, 1, 2].slice(0, 1 + (index % 3)).map((step) => areas[(index + step * 3) % areas.length]!);
    const [minimumPrice, maximumPrice] = PRICES[offer.category][variant]!;
    const cover: StoredPhoto | null = index % 5 === 4 ? null : covers[offer.category];
    return {
      providerId: offer.providerId,
      category: offer.category,
      status: index % 11 === 10 ? 'inactive' : 'active',
      contactNumber: offer.phone,
      addressLine: `${offer.street}, ${offer.city}`,
      serviceArea: areaIds.map((id) => placeName(id, bangla)),
      servicePlaceIds: [...new Set(areaIds)],
      description: (bangla ? BANGLA_DESCRIPTIONS : DESCRIPTIONS)[offer.category][variant]!,
      minimumPrice,
      maximumPrice,
      availableDays: DAY_SETS[index % DAY_SETS.length]!,
      availableTime: TIMES[index % TIMES.length]!,
      coverImage: cover,
      // Spread over the last weeks, oldest first.
      createdAt: new Date(now.getTime() - (offers.length - index) * 6 * 60 * 60 * 1000),
      updatedAt: now,
    };
  });
  const inserted = await deps.db
    .insert(services)
    .values(rows)
    .returning({ id: services.id, providerId: services.providerId });

  const reviewers = [...Object.values(deps.demoUserIds), ...providerIds];
  const reviewRows = inserted.flatMap((service, index) => {
    const count = index % 6; // 0 to 5 reviews
    const clients = reviewers.filter((id) => id !== service.providerId);
    return Array.from({ length: count }, (_, step) => {
      const said = (index * 3 + step) % FEEDBACK.length;
      const [rating, english] = FEEDBACK[said]!;
      // Half the reviews are written in Bangla, on English and Bangla services alike.
      const feedback = (index + step) % 2 === 0 ? BANGLA_FEEDBACK[said]! : english;
      const at = new Date(now.getTime() - (step + 1) * 24 * 60 * 60 * 1000);
      return {
        serviceId: service.id,
        clientId: clients[(index * 5 + step * 7) % clients.length]!,
        rating,
        feedback,
        createdAt: at,
        updatedAt: at,
      };
    });
  });
  // Distinct clients per service: the unique index allows one review each.
  const unique = reviewRows.filter(
    (row, i) =>
      reviewRows.findIndex((other) => other.serviceId === row.serviceId && other.clientId === row.clientId) === i,
  );
  if (unique.length > 0) await deps.db.insert(reviews).values(unique);
  return { providers: providerIds.length, services: inserted.length, reviews: unique.length };
}

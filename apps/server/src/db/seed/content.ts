// Demo content loaded on the first start of an empty database.
import { BANNER_GROUPS, type NoticeType } from '@portal/shared/constants';
import type { LocalisedText } from '../schema.ts';

/** A banner of the demo brand: its art, and the words the page renders over it (absent: image only). */
interface DemoBanner {
  group: string;
  image: string;
  title: LocalisedText;
  headline?: LocalisedText;
  detail?: LocalisedText;
  button?: LocalisedText;
  linkageType: 0 | 1 | 2;
  link: string | null;
}

/**
 * The demo brand advertises only what works today (test: advertised-links.test.ts): the house games, slots, fishing
 * and card games, deposits by bKash and Nagad in the member centre (opened by its `memberCentre` link), the app.
 * Their art is drawn (public/banners), named by its `#art` group, so the page draws it in place (isDrawnBannerArt).
 */
export const DEMO_BANNERS: DemoBanner[] = [
  {
    group: 'w_home',
    image: '/banners/w_home-1.svg#art',
    title: { en: 'Originals slot: progressive jackpot', bn: 'অরিজিনালস স্লট: প্রগ্রেসিভ জ্যাকপট' },
    headline: { en: 'Originals slot: progressive jackpot', bn: 'অরিজিনালস স্লট: প্রগ্রেসিভ জ্যাকপট' },
    detail: { en: 'The jackpot grows with every spin', bn: 'প্রতিটি স্পিনে জ্যাকপট বাড়ে' },
    button: { en: 'Spin now', bn: 'এখনই স্পিন করুন' },
    linkageType: 1,
    link: '/rng?vassalage=HOUSE',
  },
  {
    group: 'w_home',
    image: '/banners/w_home-2.svg#art',
    title: { en: 'Deposit with bKash and Nagad in minutes', bn: 'বিকাশ ও নগদে মিনিটেই জমা' },
    headline: { en: 'Deposit with bKash and Nagad in minutes', bn: 'বিকাশ ও নগদে মিনিটেই জমা' },
    detail: { en: 'Credited within 5 minutes, day and night', bn: 'দিন-রাত যেকোনো সময়, ৫ মিনিটের মধ্যে যোগ হয়' },
    button: { en: 'Deposit', bn: 'জমা দিন' },
    linkageType: 1,
    link: '/?memberCentre=depositv2',
  },
  {
    group: 'w_home',
    image: '/banners/w_home-3.svg#art',
    title: { en: 'Provably fair dice', bn: 'প্রমাণযোগ্য ন্যায্য ডাইস' },
    headline: { en: 'Provably fair dice', bn: 'প্রমাণযোগ্য ন্যায্য ডাইস' },
    detail: { en: 'Check any roll yourself with its seeds', bn: 'সিড দিয়ে যেকোনো রোল নিজেই যাচাই করুন' },
    button: { en: 'Verify a roll', bn: 'রোল যাচাই করুন' },
    linkageType: 1,
    link: '/house/verify',
  },
  {
    group: 'w_home',
    image: '/banners/w_home-4.svg#art',
    title: { en: 'Fishing games', bn: 'ফিশিং গেম' },
    headline: { en: 'Fishing games: aim, shoot, win', bn: 'ফিশিং গেম: নিশানা, শট, জয়' },
    detail: { en: 'Fishing tables from JILI, JDB and Fa Chai', bn: 'জিলি, জেডিবি ও ফা চাই-এর ফিশিং টেবিল' },
    button: { en: 'Play fishing', bn: 'ফিশিং খেলুন' },
    linkageType: 1,
    link: '/fish',
  },
  {
    group: 'w_home',
    image: '/banners/w_home-5.svg#art',
    title: { en: 'Install the app', bn: 'অ্যাপ ইনস্টল করুন' },
    headline: { en: 'Install the app', bn: 'অ্যাপ ইনস্টল করুন' },
    detail: { en: 'One tap to your games, on Android and iPhone', bn: 'অ্যান্ড্রয়েড ও আইফোনে, এক ট্যাপে আপনার গেম' },
    button: { en: 'Download', bn: 'ডাউনলোড' },
    linkageType: 1,
    link: '/download',
  },
  ...BANNER_GROUPS.filter((g) => g !== 'w_home').map((group) => ({
    group,
    image: `/banners/${group}-1.svg#art`,
    title: { en: 'Featured', bn: 'বিশেষ' },
    linkageType: 0 as const,
    link: null,
  })),
];

export const DEMO_NOTICES: {
  type: NoticeType;
  title: LocalisedText;
  content: LocalisedText;
  /** How long before the seed it was published (agent notices are listed newest first). */
  daysAgo?: number;
}[] = [
  {
    type: 'H',
    title: {
      en: 'Deposits through bKash and Nagad are credited within 5 minutes.',
      bn: 'বিকাশ ও নগদের মাধ্যমে জমা ৫ মিনিটের মধ্যে যোগ হয়।',
    },
    content: {
      en: '<p>Deposits through <strong>bKash</strong> and <strong>Nagad</strong> are credited within 5 minutes of confirmation.</p>',
      bn: '<p><strong>বিকাশ</strong> ও <strong>নগদ</strong>-এর মাধ্যমে জমা নিশ্চিত হওয়ার ৫ মিনিটের মধ্যে যোগ হয়।</p>',
    },
  },
  {
    type: 'H',
    title: {
      en: 'Never share your password or verification code with anyone.',
      bn: 'আপনার পাসওয়ার্ড বা যাচাইকরণ কোড কাউকে দেবেন না।',
    },
    content: {
      en: '<p>Our staff will never ask for your password or a verification code.</p>',
      bn: '<p>আমাদের কর্মীরা কখনও আপনার পাসওয়ার্ড বা যাচাইকরণ কোড চাইবে না।</p>',
    },
  },
  {
    type: 'PU',
    title: { en: 'Scheduled maintenance on Tuesday', bn: 'মঙ্গলবার নির্ধারিত রক্ষণাবেক্ষণ' },
    content: {
      en: '<p>Some slot vendors will be unavailable on Tuesday from 02:00 to 04:00. Your balance is not affected.</p>',
      bn: '<p>মঙ্গলবার রাত ২টা থেকে ৪টা পর্যন্ত কিছু স্লট প্রদানকারী বন্ধ থাকবে। আপনার ব্যালেন্সে কোনো প্রভাব পড়বে না।</p>',
    },
  },
  {
    type: 'PL',
    title: { en: 'New: provably fair dice', bn: 'নতুন: প্রমাণযোগ্য ন্যায্য ডাইস' },
    content: {
      en: '<p>Every dice roll can now be checked with its seeds. Play it among the <a href="/rng?vassalage=HOUSE">Originals</a> and check a roll on the <a href="/house/verify">verifier</a>.</p>',
      bn: '<p>এখন প্রতিটি ডাইস রোল তার সিড দিয়ে যাচাই করা যায়। <a href="/rng?vassalage=HOUSE">অরিজিনালস</a>-এ খেলুন এবং <a href="/house/verify">যাচাই পাতায়</a> রোল মিলিয়ে দেখুন।</p>',
    },
  },
  {
    type: 'PL',
    title: { en: 'Responsible gaming tools', bn: 'দায়িত্বশীল খেলার সরঞ্জাম' },
    content: {
      en: '<p>You can set deposit limits or take a break at any time from the member centre.</p>',
      bn: '<p>সদস্য কেন্দ্র থেকে যেকোনো সময় জমার সীমা নির্ধারণ করতে বা বিরতি নিতে পারেন।</p>',
    },
  },
  {
    type: 'PR',
    title: { en: 'Progressive jackpot on the Originals slot', bn: 'অরিজিনালস স্লটে প্রগ্রেসিভ জ্যাকপট' },
    content: {
      en: '<p>Every spin of the <a href="/rng?vassalage=HOUSE">Originals slot</a> adds to its jackpot.</p>',
      bn: '<p><a href="/rng?vassalage=HOUSE">অরিজিনালস স্লটের</a> প্রতিটি স্পিনে জ্যাকপট বাড়ে।</p>',
    },
  },

  // Agent notices (AG): the agent centre's announcements, never shown to players.
  {
    type: 'AG',
    daysAgo: 1,
    title: {
      en: 'New in the register centre: a link for every traffic source',
      bn: 'নিবন্ধন কেন্দ্রে নতুন: প্রতিটি ট্রাফিক উৎসের জন্য আলাদা লিংক',
    },
    content: {
      en: '<p>You can now make an invitation link for each place you share it: your Facebook page, each Telegram group, a YouTube channel. Every link has its own code and QR code.</p><p>For each link the register centre shows how many players registered, how many made a first deposit and how much they deposited, so you can see which channel brings real players.</p>',
      bn: '<p>এখন আপনি যেখানে শেয়ার করেন তার প্রতিটির জন্য আলাদা আমন্ত্রণ লিংক বানাতে পারেন: আপনার ফেসবুক পেজ, প্রতিটি টেলিগ্রাম গ্রুপ, ইউটিউব চ্যানেল। প্রতিটি লিংকের নিজস্ব কোড ও কিউআর কোড আছে।</p><p>প্রতিটি লিংকে কতজন খেলোয়াড় নিবন্ধন করেছেন, কতজন প্রথম জমা দিয়েছেন এবং মোট কত জমা দিয়েছেন, নিবন্ধন কেন্দ্র তা দেখায়, যাতে বুঝতে পারেন কোন চ্যানেল থেকে আসল খেলোয়াড় আসছে।</p>',
    },
  },
  {
    type: 'AG',
    daysAgo: 4,
    title: {
      en: 'Nagad deposits now beside bKash',
      bn: 'বিকাশের পাশাপাশি এখন নগদে জমা',
    },
    content: {
      en: '<p>Your players can now deposit through <strong>Nagad</strong> as well as <strong>bKash</strong> and local bank transfer. Deposits are credited within 5 minutes of confirmation; the smallest deposit is ৳200.</p><p>Please tell your team: they choose the channel on the deposit page of the member centre and enter the transaction ID of their payment.</p>',
      bn: '<p>আপনার খেলোয়াড়রা এখন <strong>বিকাশ</strong> ও স্থানীয় ব্যাংক ট্রান্সফারের পাশাপাশি <strong>নগদ</strong>-এর মাধ্যমেও জমা দিতে পারবেন। নিশ্চিত হওয়ার ৫ মিনিটের মধ্যে জমা যোগ হয়; সর্বনিম্ন জমা ৳২০০।</p><p>আপনার টিমকে জানিয়ে দিন: সদস্য কেন্দ্রের জমা পাতায় চ্যানেল বেছে নিয়ে পেমেন্টের ট্রানজেকশন আইডি লিখতে হবে।</p>',
    },
  },
  {
    type: 'AG',
    daysAgo: 9,
    title: {
      en: 'Cricket season team challenge',
      bn: 'ক্রিকেট মৌসুমের টিম চ্যালেঞ্জ',
    },
    content: {
      en: '<p>During this cricket season, the ten agents whose teams bring the most new players with a first deposit win a team bonus: ৳25,000 for the first place, ৳15,000 for the second, ৳10,000 for the third and ৳5,000 for places four to ten.</p><ul><li>Counted: players registered through your links or your invite code during the season.</li><li>A player counts once their first deposit is confirmed.</li><li>Bonuses are credited to the agent within three days after the final.</li></ul>',
      bn: '<p>এই ক্রিকেট মৌসুমে যে দশজন এজেন্টের টিম প্রথম জমাসহ সবচেয়ে বেশি নতুন খেলোয়াড় আনবে, তারা টিম বোনাস পাবেন: প্রথম স্থান ৳২৫,০০০, দ্বিতীয় ৳১৫,০০০, তৃতীয় ৳১০,০০০ এবং চতুর্থ থেকে দশম স্থান ৳৫,০০০ করে।</p><ul><li>গণনা হবে: মৌসুমে আপনার লিংক বা আমন্ত্রণ কোড দিয়ে নিবন্ধিত খেলোয়াড়।</li><li>প্রথম জমা নিশ্চিত হলে খেলোয়াড় গণনায় আসবেন।</li><li>ফাইনালের পর তিন দিনের মধ্যে এজেন্টের অ্যাকাউন্টে বোনাস যোগ হবে।</li></ul>',
    },
  },
  {
    type: 'AG',
    daysAgo: 16,
    title: {
      en: 'Commission schedule for agents',
      bn: 'এজেন্টদের কমিশনের সময়সূচি',
    },
    content: {
      en: '<p>Daily wages are settled for each Dhaka day a few minutes after midnight, hourly salaries after every hour and real-time salaries every 5 minutes; monthly dividends after the last day of the month. Each payment reaches your balance at once and shows in My income with its statement.</p><p>A dividend period in which your team lost money is carried over to the next period, an amount below the minimum payment is added to the next one, and the statement shows every line of the calculation and the bets behind it.</p>',
      bn: '<p>দৈনিক মজুরি প্রতিটি ঢাকা দিনের জন্য মধ্যরাতের কয়েক মিনিট পরে, ঘণ্টাভিত্তিক বেতন প্রতি ঘণ্টার পরে এবং রিয়েল-টাইম বেতন প্রতি ৫ মিনিটে হিসাব হয়; মাসিক ডিভিডেন্ড মাসের শেষ দিনের পরে। প্রতিটি পেমেন্ট সঙ্গে সঙ্গে আপনার ব্যালেন্সে যোগ হয় এবং বিবরণীসহ আমার আয় পাতায় দেখা যায়।</p><p>যে ডিভিডেন্ড সময়কালে আপনার টিম টাকা হেরেছে তা পরের সময়কালে যোগ হয়, ন্যূনতম পেমেন্টের কম অঙ্ক পরের বারের সাথে যোগ হয়, এবং বিবরণীতে হিসাবের প্রতিটি লাইন ও তার পেছনের বাজিগুলো থাকে।</p>',
    },
  },
];

export const DEMO_HELP: { key: string; title: LocalisedText; content: LocalisedText }[] = [
  {
    key: 'terms',
    title: { en: 'Terms and conditions', bn: 'শর্তাবলী' },
    content: {
      en: '<h3>1. Eligibility</h3><p>You must be 18 or older (or the legal age in your country, if higher) to open an account.</p><h3>2. One account</h3><p>Each person may hold one account. Duplicate accounts may be closed.</p><h3>3. Fair play</h3><p>Bets are settled by the game results recorded by the game provider. Abuse of promotions voids the related winnings.</p><h3>4. Deposits and withdrawals</h3><p>Withdrawals go only to accounts in your own name and may require turnover of your deposits first.</p>',
      bn: '<h3>১. যোগ্যতা</h3><p>অ্যাকাউন্ট খুলতে আপনার বয়স ১৮ বা তার বেশি (অথবা আপনার দেশের আইনি বয়স, যদি বেশি হয়) হতে হবে।</p><h3>২. একটি অ্যাকাউন্ট</h3><p>প্রত্যেক ব্যক্তি একটি অ্যাকাউন্ট রাখতে পারেন। একাধিক অ্যাকাউন্ট বন্ধ করা হতে পারে।</p><h3>৩. ন্যায্য খেলা</h3><p>গেম প্রদানকারীর রেকর্ড করা ফলাফল অনুযায়ী বাজি নিষ্পত্তি হয়। প্রচারের অপব্যবহার করলে সংশ্লিষ্ট জয় বাতিল হয়।</p><h3>৪. জমা ও উত্তোলন</h3><p>উত্তোলন শুধুমাত্র আপনার নিজের নামের অ্যাকাউন্টে যায় এবং আগে জমার টার্নওভার প্রয়োজন হতে পারে।</p>',
    },
  },
  {
    key: 'privacy',
    title: { en: 'Privacy policy', bn: 'গোপনীয়তা নীতি' },
    content: {
      en: '<p>We keep only the data needed to run your account and to meet our licence duties. Passwords are stored only as one-way hashes.</p>',
      bn: '<p>আপনার অ্যাকাউন্ট চালাতে ও লাইসেন্সের দায়িত্ব পালনে যতটুকু তথ্য দরকার, আমরা শুধু ততটুকুই রাখি। পাসওয়ার্ড শুধুমাত্র একমুখী হ্যাশ হিসেবে সংরক্ষিত হয়।</p>',
    },
  },
  {
    key: 'responsible',
    title: { en: 'Responsible gaming', bn: 'দায়িত্বশীল খেলা' },
    content: {
      en: '<p>Play for fun, never to earn a living. Set a budget, take breaks, and contact customer service to limit or close your account.</p>',
      bn: '<p>বিনোদনের জন্য খেলুন, জীবিকার জন্য নয়। বাজেট ঠিক করুন, বিরতি নিন, এবং অ্যাকাউন্ট সীমিত বা বন্ধ করতে গ্রাহক সেবায় যোগাযোগ করুন।</p>',
    },
  },
  {
    key: 'faq',
    title: { en: 'Frequently asked questions', bn: 'সাধারণ প্রশ্নাবলী' },
    content: {
      en: '<h4>How long does a deposit take?</h4><p>Usually under 5 minutes after the payment is confirmed.</p><h4>I forgot my password.</h4><p>Use "Forgot password" on the login form to reset it by SMS or e-mail.</p>',
      bn: '<h4>জমা হতে কত সময় লাগে?</h4><p>সাধারণত পেমেন্ট নিশ্চিত হওয়ার ৫ মিনিটের মধ্যে।</p><h4>আমি পাসওয়ার্ড ভুলে গেছি।</h4><p>লগইন ফর্মের "পাসওয়ার্ড ভুলে গেছেন" দিয়ে এসএমএস বা ই-মেইলে রিসেট করুন।</p>',
    },
  },
  {
    key: 'about',
    title: { en: 'About us', bn: 'আমাদের সম্পর্কে' },
    content: {
      en: '<p>Casino, slots, fishing, card games, sports, lottery and more, with fast local payments.</p>',
      bn: '<p>ক্যাসিনো, স্লট, ফিশিং, কার্ড গেম, খেলাধুলা, লটারি এবং আরও অনেক কিছু, দ্রুত স্থানীয় পেমেন্টসহ।</p>',
    },
  },
  {
    key: 'contact',
    title: { en: 'Contact us', bn: 'যোগাযোগ' },
    content: {
      en:
        '<p>Customer service answers 24 hours a day through live chat and Telegram.</p>' +
        '<ul><li>Telegram: <a href="https://t.me/luckyportal">t.me/luckyportal</a></li>' +
        '<li>Facebook: <a href="https://facebook.com/luckyportal">facebook.com/luckyportal</a></li></ul>',
      bn:
        '<p>গ্রাহক সেবা লাইভ চ্যাট ও টেলিগ্রামের মাধ্যমে ২৪ ঘণ্টা উত্তর দেয়।</p>' +
        '<ul><li>টেলিগ্রাম: <a href="https://t.me/luckyportal">t.me/luckyportal</a></li>' +
        '<li>ফেসবুক: <a href="https://facebook.com/luckyportal">facebook.com/luckyportal</a></li></ul>',
    },
  },
];

export const DEMO_VENDORS: {
  code: string;
  name: string;
  gameType: string;
  hot?: boolean;
  logo: string;
  mode?: 'transfer';
}[] = [
  { code: 'PG', name: 'PG Soft', gameType: 'RNG', hot: true, logo: 'pg' },
  { code: 'JILI', name: 'JILI', gameType: 'RNG', hot: true, logo: 'jili' },
  { code: 'PP', name: 'Pragmatic Play', gameType: 'RNG', logo: 'pp' },
  { code: 'JDB', name: 'JDB', gameType: 'RNG', logo: 'jdb' },
  { code: 'FC', name: 'Fa Chai', gameType: 'RNG', logo: 'fc' },
  { code: 'KA', name: 'KA Gaming', gameType: 'RNG', logo: 'ka' },
  { code: 'SPRIBE', name: 'Spribe', gameType: 'RNG', logo: 'spribe' },
  { code: 'EVO', name: 'Evolution', gameType: 'LIVE', hot: true, logo: 'evo' },
  { code: 'SEXY', name: 'Sexy Baccarat', gameType: 'LIVE', logo: 'sexy' },
  { code: 'SA', name: 'SA Gaming', gameType: 'LIVE', logo: 'sa' },
  { code: 'AE', name: 'AE Casino', gameType: 'LIVE', logo: 'ae' },
  { code: 'JILI', name: 'JILI Fishing', gameType: 'FISH', hot: true, logo: 'jili' },
  { code: 'JDB', name: 'JDB Fishing', gameType: 'FISH', logo: 'jdb' },
  { code: 'FC', name: 'Fa Chai Fishing', gameType: 'FISH', logo: 'fc' },
  { code: 'KM', name: 'Kingmaker', gameType: 'PVP', logo: 'km' },
  { code: 'JILI', name: 'JILI Table', gameType: 'PVP', logo: 'jili' },
  { code: 'SBO', name: 'SBOBET', gameType: 'SPORTS', hot: true, logo: 'sbo', mode: 'transfer' },
  { code: 'SABA', name: 'SABA Sports', gameType: 'SPORTS', logo: 'saba', mode: 'transfer' },
  { code: 'TF', name: 'TF Gaming', gameType: 'ESPORTS', logo: 'tf' },
  { code: 'IA', name: 'IA Esports', gameType: 'ESPORTS', logo: 'ia' },
  { code: 'TCG_LOTTO_VN', name: 'TCG Vietnam Lottery', gameType: 'LOTT', logo: 'tcg' },
  { code: 'TCG_SEA', name: 'TCG SEA Lottery', gameType: 'LOTT', logo: 'tcg' },
  { code: 'ELOTT', name: 'E-Lottery', gameType: 'ELOTT', logo: 'tcg' },
  { code: 'SV388', name: 'SV388', gameType: 'COCKFIGHT', logo: 'sv388' },
];

/** The demo brand plays in Bangladeshi taka; a brand without its own symbol shows the spec's default, P. */
export const DEMO_CURRENCY_SYMBOL = '৳';

export const DEMO_DOMAINS = [
  { domainName: 'localhost', device: 0 },
  { domainName: 'localhost', device: 3 },
];

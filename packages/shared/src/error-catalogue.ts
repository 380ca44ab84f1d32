// Stable error codes with the texts the player reads (spec section 8), in every supported language.
import type { Language } from './constants.ts';

export const ERROR_CATALOGUE = {
  VALIDATION: { en: 'The request is not valid: {detail}', bn: 'অনুরোধটি সঠিক নয়: {detail}' },
  // U+0000 or half of a surrogate pair: no database column can hold it, so the request changes nothing.
  TEXT_UNSTORABLE: {
    en: '{field} contains a character that cannot be saved (a null character or a broken Unicode character)',
    bn: '{field}-এ এমন একটি অক্ষর আছে যা সংরক্ষণ করা যায় না (নাল অক্ষর বা ভাঙা ইউনিকোড অক্ষর)',
  },
  NOT_FOUND: { en: 'Not found', bn: 'পাওয়া যায়নি' },
  NOT_LOGGED_IN: { en: 'You are not logged in, please login', bn: 'আপনি লগইন করেননি, অনুগ্রহ করে লগইন করুন' },
  FORBIDDEN: { en: 'You are not allowed to do this', bn: 'আপনার এটি করার অনুমতি নেই' },
  BAD_CREDENTIALS: { en: 'Please enter the username and password', bn: 'অনুগ্রহ করে ব্যবহারকারীর নাম ও পাসওয়ার্ড দিন' },
  LOGIN_FAILED: { en: 'Login failure. Please try again.', bn: 'লগইন ব্যর্থ হয়েছে। আবার চেষ্টা করুন।' },
  RATE_LIMITED: {
    en: 'Too many requests, please try again after 5 minutes.',
    bn: 'অনেক বেশি অনুরোধ, অনুগ্রহ করে ৫ মিনিট পরে আবার চেষ্টা করুন।',
  },
  PAYLOAD_TOO_LARGE: { en: 'The request is too large', bn: 'অনুরোধটি খুব বড়' },
  SERVICE_UNAVAILABLE: {
    en: 'Network link is abnormal, please try again',
    bn: 'নেটওয়ার্ক সংযোগ অস্বাভাবিক, অনুগ্রহ করে আবার চেষ্টা করুন',
  },
  MAINTENANCE: { en: 'The site is under maintenance', bn: 'সাইটটি রক্ষণাবেক্ষণে আছে' },
  REGION_BLOCKED: {
    en: 'Access from your region is restricted',
    bn: 'আপনার অঞ্চল থেকে প্রবেশ সীমাবদ্ধ',
  },
  // A note to the operator on a successful save: the countries are kept but not enforced on this server.
  COUNTRY_BLOCK_INACTIVE: {
    en: 'Saved, but countries are not blocked: this server has no GeoIP database (GEOIP_DB). Only the IP ranges apply.',
    bn: 'সংরক্ষিত হয়েছে, কিন্তু দেশগুলো ব্লক হচ্ছে না: এই সার্ভারে কোনো GeoIP ডেটাবেস নেই (GEOIP_DB)। শুধু IP রেঞ্জগুলো প্রযোজ্য।',
  },
  UNKNOWN: { en: 'Unknown error', bn: 'অজানা ত্রুটি' },
  // Accounts and sign-in (spec sections 5 and 8).
  FIELD_INVALID: { en: '{message}', bn: '{message}' },
  TERMS_NOT_ACCEPTED: {
    en: 'not empty? Please tick the box to accept the terms.',
    bn: 'খালি রাখা যাবে না? শর্তাবলী মেনে নিতে ঘরে টিক দিন।',
  },
  UNDER_AGE: { en: 'You must be at least {age} years old', bn: 'আপনার বয়স কমপক্ষে {age} বছর হতে হবে' },
  USERNAME_TAKEN: { en: 'This username is already registered', bn: 'এই ব্যবহারকারীর নাম আগেই নিবন্ধিত' },
  MOBILE_TAKEN: { en: 'This mobile number is already registered', bn: 'এই মোবাইল নম্বর আগেই নিবন্ধিত' },
  INVITATION_CODE_ERROR: { en: 'Invalid invitation code', bn: 'আমন্ত্রণ কোডটি সঠিক নয়' },
  CONFIRMATION_MISMATCH: { en: 'Incorrect confirmation input', bn: 'নিশ্চিতকরণ ইনপুট সঠিক নয়' },
  CAPTCHA_REQUIRED: { en: 'Please enter the captcha', bn: 'অনুগ্রহ করে ক্যাপচা লিখুন' },
  CAPTCHA_INVALID: {
    en: 'The captcha is not correct, please try again',
    bn: 'ক্যাপচা সঠিক নয়, আবার চেষ্টা করুন',
  },
  PHONE_INVALID: { en: 'Invalid phone number format.', bn: 'ফোন নম্বরের বিন্যাস সঠিক নয়।' },
  PHONE_MISSING: { en: 'Please enter a valid phone number.', bn: 'অনুগ্রহ করে একটি সঠিক ফোন নম্বর দিন।' },
  VERIFICATION_CODE_MISSING: { en: 'Verification code is missing', bn: 'যাচাইকরণ কোড দেওয়া হয়নি' },
  VERIFICATION_CODE_INVALID: { en: 'Verification code is not valid', bn: 'যাচাইকরণ কোডটি সঠিক নয়' },
  VERIFICATION_CODE_EXPIRED: {
    en: 'Verification code has expired, please send again.',
    bn: 'যাচাইকরণ কোডের মেয়াদ শেষ, আবার পাঠান।',
  },
  ACCOUNT_LOCKED: {
    en: 'Too many failed attempts. Please try again after {minutes} minutes.',
    bn: 'অনেকবার ব্যর্থ চেষ্টা। অনুগ্রহ করে {minutes} মিনিট পরে আবার চেষ্টা করুন।',
  },
  ACCOUNT_DISABLED: { en: 'Please contact your agent', bn: 'অনুগ্রহ করে আপনার এজেন্টের সাথে যোগাযোগ করুন' },
  NON_MEMBER: { en: 'Non-member account unable to login', bn: 'সদস্য নয় এমন অ্যাকাউন্ট লগইন করতে পারে না' },
  NON_AGENT: { en: 'Non-agents cannot log in', bn: 'এজেন্ট ছাড়া কেউ লগইন করতে পারে না' },
  NEED_REAL_ACCOUNT: {
    en: 'This needs a real account. Please register to continue.',
    bn: 'এর জন্য একটি আসল অ্যাকাউন্ট প্রয়োজন। চালিয়ে যেতে নিবন্ধন করুন।',
  },
  USER_EMAIL_NOT_FOUND: { en: 'Username/Email does not exist', bn: 'ব্যবহারকারীর নাম/ই-মেইল বিদ্যমান নেই' },
  OLD_PASSWORD_WRONG: { en: 'The old password is not correct', bn: 'পুরনো পাসওয়ার্ড সঠিক নয়' },
  SAME_PASSWORD: {
    en: 'The new password must differ from the old one',
    bn: 'নতুন পাসওয়ার্ড পুরনোটির থেকে আলাদা হতে হবে',
  },
  PASSWORD_CHANGE_REQUIRED: {
    en: 'Please change your password first',
    bn: 'অনুগ্রহ করে আগে আপনার পাসওয়ার্ড পরিবর্তন করুন',
  },
  CHALLENGE_EXPIRED: {
    en: 'The verification has expired, please log in again',
    bn: 'যাচাইয়ের মেয়াদ শেষ, অনুগ্রহ করে আবার লগইন করুন',
  },
  FACTOR_UNAVAILABLE: {
    en: 'This verification method is not set up for your account',
    bn: 'আপনার অ্যাকাউন্টে এই যাচাই পদ্ধতি চালু করা নেই',
  },
  TOTP_REQUIRED: {
    en: 'Enter the code from your authenticator app',
    bn: 'আপনার অথেন্টিকেটর অ্যাপের কোডটি লিখুন',
  },
  TOTP_ALREADY_ON: {
    en: 'The authenticator app is already on for your account',
    bn: 'আপনার অ্যাকাউন্টে অথেন্টিকেটর অ্যাপ আগেই চালু আছে',
  },
  RESET_LINK_INVALID: {
    en: 'This reset link is not valid or has expired',
    bn: 'এই রিসেট লিঙ্কটি সঠিক নয় বা মেয়াদ শেষ',
  },
  // Wallet and ledger.
  INSUFFICIENT_FUNDS: { en: 'Insufficient balance', bn: 'পর্যাপ্ত ব্যালেন্স নেই' },
  VENDOR_TRANSFER_REFUSED: {
    en: 'The game provider refused the transfer ({code}); nothing was moved',
    bn: 'গেম প্রদানকারী ট্রান্সফারটি গ্রহণ করেনি ({code}); কোনো টাকা সরানো হয়নি',
  },
  DUPLICATE_TRANSACTION: {
    en: 'This request was already made with different details',
    bn: 'এই অনুরোধটি আগেই ভিন্ন তথ্য দিয়ে করা হয়েছে',
  },
  ALREADY_REVERSED: { en: 'This transaction has already been reversed', bn: 'এই লেনদেনটি আগেই ফেরত নেওয়া হয়েছে' },
  AMOUNT_INVALID: {
    en: 'Please enter a valid amount: a number above 0 with at most two decimals',
    bn: 'সঠিক পরিমাণ লিখুন: ০-এর বেশি একটি সংখ্যা, সর্বোচ্চ দুই দশমিক ঘর',
  },
  AMOUNT_BELOW_MIN: { en: 'The amount must be at least {min}', bn: 'পরিমাণ কমপক্ষে {min} হতে হবে' },
  AMOUNT_ABOVE_MAX: { en: 'The amount must be at most {max}', bn: 'পরিমাণ সর্বোচ্চ {max} হতে পারে' },
  IDEMPOTENCY_KEY_REQUIRED: {
    en: 'The request needs an Idempotency-Key header',
    bn: 'অনুরোধে একটি Idempotency-Key হেডার প্রয়োজন',
  },
  CHANNEL_UNAVAILABLE: {
    en: 'This payment channel is not available, please choose another',
    bn: 'এই পেমেন্ট চ্যানেলটি এখন নেই, অন্য একটি বেছে নিন',
  },
  CHANNEL_EXISTS: { en: 'A payment channel with this code already exists', bn: 'এই কোডের পেমেন্ট চ্যানেল আগেই আছে' },
  ORDER_STATE: {
    en: 'This order can no longer be changed',
    bn: 'এই অর্ডারটি আর পরিবর্তন করা যাবে না',
  },
  ORDER_EXPIRED: {
    en: 'This order has expired, please create a new one',
    bn: 'এই অর্ডারের মেয়াদ শেষ, অনুগ্রহ করে নতুন অর্ডার করুন',
  },
  TRANSACTION_REF_INVALID: {
    en: 'The transaction id must be 4 to 40 letters, digits or dashes',
    bn: 'লেনদেন আইডি ৪ থেকে ৪০টি অক্ষর, সংখ্যা বা ড্যাশ হতে হবে',
  },
  TRANSACTION_REF_USED: {
    en: 'This transaction id has already been used',
    bn: 'এই লেনদেন আইডি আগেই ব্যবহার হয়েছে',
  },
  UPLOAD_INVALID: {
    en: 'Only png or jpg images of at most 5 MB are accepted',
    bn: 'শুধু সর্বোচ্চ ৫ MB-এর png বা jpg ছবি গ্রহণযোগ্য',
  },
  UPLOAD_TOO_MANY: { en: 'At most {max} images', bn: 'সর্বোচ্চ {max}টি ছবি' },
  PAYMENT_PASSWORD_FORMAT: {
    en: 'The payment password must be 6 digits',
    bn: 'পেমেন্ট পাসওয়ার্ড ৬ অঙ্কের হতে হবে',
  },
  PAYMENT_PASSWORD_NOT_SET: {
    en: 'Please set a payment password first',
    bn: 'অনুগ্রহ করে আগে একটি পেমেন্ট পাসওয়ার্ড সেট করুন',
  },
  PAYMENT_PASSWORD_WRONG: {
    en: 'The payment password is not correct ({left} tries left)',
    bn: 'পেমেন্ট পাসওয়ার্ড সঠিক নয় (আর {left} বার চেষ্টা করা যাবে)',
  },
  PAYMENT_PASSWORD_LOCKED: {
    en: 'Too many wrong payment passwords. Please try again after {minutes} minutes.',
    bn: 'অনেকবার ভুল পেমেন্ট পাসওয়ার্ড। অনুগ্রহ করে {minutes} মিনিট পরে আবার চেষ্টা করুন।',
  },
  PAYOUT_ACCOUNT_LIMIT: {
    en: 'You can bind at most {limit} receiving accounts',
    bn: 'আপনি সর্বোচ্চ {limit}টি গ্রহণকারী অ্যাকাউন্ট যুক্ত করতে পারেন',
  },
  PAYOUT_ACCOUNT_EXISTS: {
    en: 'This receiving account is already bound',
    bn: 'এই গ্রহণকারী অ্যাকাউন্টটি আগেই যুক্ত আছে',
  },
  TURNOVER_NOT_MET: {
    en: 'Turnover requirement not met: {remaining} more in valid bets is needed before a withdrawal',
    bn: 'টার্নওভার শর্ত পূরণ হয়নি: উত্তোলনের আগে আরও {remaining} বৈধ বাজি প্রয়োজন',
  },
  WALLET_TRANSFER_INVALID: {
    en: 'Choose the main wallet and one game wallet to move money between',
    bn: 'টাকা সরাতে মূল ওয়ালেট ও একটি গেম ওয়ালেট বেছে নিন',
  },
  TRANSFER_NOT_ALLOWED: {
    en: 'You can only transfer to your upline or to your direct downline',
    bn: 'আপনি শুধু আপনার আপলাইন বা সরাসরি ডাউনলাইনে ট্রান্সফার করতে পারেন',
  },
  FEATURE_DISABLED: {
    en: 'Not enabled function, please contact customer service.',
    bn: 'এই সুবিধা চালু নেই, অনুগ্রহ করে গ্রাহক সেবায় যোগাযোগ করুন।',
  },
  // Games (spec section 8: game maintenance).
  GAME_NOT_FOUND: { en: 'This game is not available', bn: 'এই গেমটি পাওয়া যাচ্ছে না' },
  GAME_MAINTENANCE: {
    en: 'This game is under maintenance, please try another game',
    bn: 'এই গেমটি রক্ষণাবেক্ষণে আছে, অনুগ্রহ করে অন্য গেম খেলুন',
  },
  TRIAL_NOT_OFFERED: { en: 'This game has no free play', bn: 'এই গেমে বিনামূল্যে খেলার সুযোগ নেই' },
  // Seamless wallet: what game vendors are answered (docs/seamless-api.md).
  VENDOR_SIGNATURE_INVALID: {
    en: 'The request signature is missing, wrong or too old',
    bn: 'অনুরোধের স্বাক্ষর নেই, ভুল অথবা অনেক পুরনো',
  },
  VENDOR_DISABLED: { en: 'This game provider is switched off', bn: 'এই গেম প্রদানকারী বন্ধ আছে' },
  PLAYER_NOT_FOUND: { en: 'This player does not exist', bn: 'এই খেলোয়াড়ের অস্তিত্ব নেই' },
  SESSION_EXPIRED: {
    en: 'The game session has expired, please open the game again',
    bn: 'গেম সেশনের মেয়াদ শেষ, অনুগ্রহ করে গেমটি আবার খুলুন',
  },
  CURRENCY_MISMATCH: {
    en: 'The currency does not match the player account',
    bn: 'মুদ্রাটি খেলোয়াড়ের অ্যাকাউন্টের সাথে মেলে না',
  },
  BET_NOT_FOUND: { en: 'The bet was not found', bn: 'বাজিটি পাওয়া যায়নি' },
  BET_ROLLED_BACK: { en: 'The bet has been rolled back', bn: 'বাজিটি বাতিল করে ফেরত দেওয়া হয়েছে' },
  ROUND_CLOSED: { en: 'This game round is already closed', bn: 'এই গেম রাউন্ডটি আগেই বন্ধ হয়ে গেছে' },
  // House games: a round whose stake could not be confirmed in time was cancelled and its stake refunded.
  ROUND_CANCELLED: {
    en: 'This round was cancelled and any stake refunded, please play again',
    bn: 'এই রাউন্ডটি বাতিল হয়েছে এবং বাজির টাকা ফেরত দেওয়া হয়েছে, অনুগ্রহ করে আবার খেলুন',
  },
  GAME_UNAVAILABLE: {
    en: 'The game server is not answering, please try again',
    bn: 'গেম সার্ভার সাড়া দিচ্ছে না, অনুগ্রহ করে আবার চেষ্টা করুন',
  },
  // The agent tree (issue 29): the operator's move of a member under another agent.
  UPLINE_NOT_FOUND: { en: 'The new upline does not exist', bn: 'নতুন আপলাইন অ্যাকাউন্টটি নেই' },
  UPLINE_NOT_AGENT: {
    en: 'The new upline must be an agent account',
    bn: 'নতুন আপলাইন অবশ্যই একটি এজেন্ট অ্যাকাউন্ট হতে হবে',
  },
  UPLINE_IN_OWN_TEAM: {
    en: 'A member cannot be moved under itself or under a member of its own team',
    bn: 'কোনো সদস্যকে তার নিজের বা তার নিজের টিমের কোনো সদস্যের অধীনে সরানো যায় না',
  },
  // The agents' salary contracts (issue 29).
  CONTRACT_TERMS_INVALID: {
    en: 'The contract terms are not valid: tiers must rise and a higher tier may not pay less',
    bn: 'চুক্তির শর্তগুলো সঠিক নয়: স্তরগুলো ক্রমশ বাড়তে হবে এবং উঁচু স্তর কম দিতে পারবে না',
  },
  CONTRACT_NOT_FOUND: { en: 'This contract does not exist', bn: 'এই চুক্তিটি নেই' },
  CONTRACT_STATE: {
    en: 'This contract can no longer be changed this way',
    bn: 'এই চুক্তিটি এখন আর এভাবে পরিবর্তন করা যায় না',
  },
  CONTRACT_NONE_HELD: {
    en: 'You need an active contract of this kind before you can offer one',
    bn: 'চুক্তি প্রস্তাব করার আগে আপনার নিজের এই ধরনের একটি সক্রিয় চুক্তি থাকতে হবে',
  },
  CONTRACT_RATE_ABOVE_OWN: {
    en: 'A downline cannot be given a higher rate than your own contract gives you',
    bn: 'ডাউনলাইনকে আপনার নিজের চুক্তির চেয়ে বেশি হার দেওয়া যায় না',
  },
  CONTRACT_PERIOD_MISMATCH: {
    en: 'A dividend contract must have the same period as your own',
    bn: 'ডিভিডেন্ড চুক্তির সময়কাল আপনার নিজের চুক্তির সময়কালের মতোই হতে হবে',
  },
  CONTRACT_DIRECT_DOWNLINE_ONLY: {
    en: 'Contracts can be offered to your direct downline agents only',
    bn: 'চুক্তি শুধু আপনার সরাসরি ডাউনলাইন এজেন্টদের প্রস্তাব করা যায়',
  },
  CONTRACT_HOLDER_NOT_AGENT: {
    en: 'Contracts can be offered to agent accounts only',
    bn: 'চুক্তি শুধু এজেন্ট অ্যাকাউন্টে প্রস্তাব করা যায়',
  },
  CONTRACT_PLATFORM_TOP_ONLY: {
    en: 'The platform offers contracts to top agents only; other agents get theirs from their upline',
    bn: 'প্ল্যাটফর্ম শুধু শীর্ষ এজেন্টদের চুক্তি দেয়; অন্য এজেন্টরা তাদের আপলাইন থেকে চুক্তি পায়',
  },
  // The register centre (issue 29): accounts an agent opens and its invitation links.
  DOWNLINE_TYPE_NOT_ALLOWED: {
    en: 'You can open player accounts and agent accounts of your own kind only',
    bn: 'আপনি শুধু খেলোয়াড় অ্যাকাউন্ট এবং আপনার নিজের ধরনের এজেন্ট অ্যাকাউন্ট খুলতে পারেন',
  },
  INVITE_SOURCE_INVALID: {
    en: 'The source tag must be 2 to 32 lower-case letters, digits, - or _, starting with a letter or digit',
    bn: 'উৎস ট্যাগ ২ থেকে ৩২টি ছোট হাতের অক্ষর, সংখ্যা, - বা _ হতে হবে এবং অক্ষর বা সংখ্যা দিয়ে শুরু হতে হবে',
  },
  INVITE_SOURCE_TAKEN: {
    en: 'You already have a link for this source tag',
    bn: 'এই উৎস ট্যাগের জন্য আপনার আগেই একটি লিংক আছে',
  },
  INVITE_LINKS_LIMIT: {
    en: 'You can keep at most {max} invitation links; turn one off and rename it instead',
    bn: 'আপনি সর্বোচ্চ {max}টি আমন্ত্রণ লিংক রাখতে পারেন; নতুনের বদলে একটি বন্ধ করে নাম বদলান',
  },
  // Background jobs: an operator's retry of a job on the dead-letter list.
  JOB_ALREADY_RETRIED: { en: 'This job has already been sent again', bn: 'এই কাজটি আগেই আবার পাঠানো হয়েছে' },
  JOB_KIND_UNKNOWN: {
    en: 'This kind of job no longer exists on this server',
    bn: 'এই ধরনের কাজ এই সার্ভারে আর নেই',
  },
  // The fast e-lottery (issue 30).
  DRAW_LOCKED: { en: 'Betting on this draw has closed', bn: 'এই ড্রয়ে বাজি ধরা বন্ধ হয়ে গেছে' },
  DRAW_NOT_FOUND: { en: 'This draw does not exist or is not open yet', bn: 'এই ড্রটি নেই বা এখনও খোলেনি' },
  LOTTERY_GAME_NOT_FOUND: { en: 'This lottery game does not exist', bn: 'এই লটারি গেমটি নেই' },
  LOTTERY_BET_INVALID: {
    en: 'This bet is not valid: {detail}',
    bn: 'এই বাজিটি সঠিক নয়: {detail}',
  },
  LOTTERY_STAKE_INVALID: {
    en: 'The stake must be from {min} to {max}',
    bn: 'বাজির পরিমাণ {min} থেকে {max} এর মধ্যে হতে হবে',
  },
  // The Vietnamese lottery (issue 30).
  LOTTERY_PRICE_CHANGED: {
    en: 'The price per point is now {price}; check your ticket and confirm again',
    bn: 'প্রতি পয়েন্টের দাম এখন {price}; টিকিটটি দেখে আবার নিশ্চিত করুন',
  },
  LOTTERY_VN_PRIZES_INVALID: {
    en: 'These results do not fit the prize table: {detail}',
    bn: 'এই ফলাফল পুরস্কারের তালিকার সাথে মেলে না: {detail}',
  },
  LOTTERY_VN_NOT_DUE: {
    en: 'Results can be entered only after the draw time, for a draw not yet drawn',
    bn: 'ড্রয়ের সময়ের পরে এবং ড্র হওয়ার আগেই কেবল ফলাফল দেওয়া যায়',
  },
  LOTTERY_VN_ENTRY_NOT_FOUND: {
    en: 'No results have been entered for this draw yet',
    bn: 'এই ড্রয়ের জন্য এখনও কোনো ফলাফল দেওয়া হয়নি',
  },
  LOTTERY_VN_SAME_OPERATOR: {
    en: 'Another operator must confirm the results you entered',
    bn: 'আপনার দেওয়া ফলাফল অন্য একজন অপারেটরকে নিশ্চিত করতে হবে',
  },
  LOTTERY_VN_OPERATOR_ONLY: {
    en: 'This deployment draws these results itself; they cannot be entered',
    bn: 'এই ব্যবস্থায় ফলাফল নিজেই ড্র হয়; তা হাতে দেওয়া যায় না',
  },
  LOTTERY_ODDS_INVALID: {
    en: 'These odds cannot be set: {detail}',
    bn: 'এই অডস নির্ধারণ করা যায় না: {detail}',
  },
  LOTTERY_LIMITS_INVALID: {
    en: 'The least stake must be above zero and not above the most',
    bn: 'সর্বনিম্ন বাজি শূন্যের বেশি এবং সর্বোচ্চ বাজির বেশি নয় হতে হবে',
  },
  LOTTERY_DRAW_NOT_CANCELLABLE: {
    en: 'Only a draw not yet drawn can be cancelled',
    bn: 'শুধু এখনও ড্র হয়নি এমন ড্র বাতিল করা যায়',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export function errorMessage(code: ErrorCode, language: Language, params: Record<string, string> = {}): string {
  const template: string = ERROR_CATALOGUE[code][language];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
}

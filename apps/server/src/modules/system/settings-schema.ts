// The brand settings an operator may change, one validated JSON value per key.
import { REGISTER_FIELDS } from '@portal/shared/auth';
import { GAME_TYPES, LANGUAGES } from '@portal/shared/constants';
import { PATTERN_IDS } from '@portal/shared/validation';
import Type, { type Static, type TSchema } from 'typebox';

const Localised = Type.Object(
  { bn: Type.Optional(Type.String({ maxLength: 2000 })), en: Type.Optional(Type.String({ maxLength: 2000 })) },
  { additionalProperties: false },
);
const Url = Type.String({ maxLength: 500, pattern: '^(https?://|/)[^\\s<>"]*$' });
const Language = Type.Enum(LANGUAGES);

export const BrandSchema = Type.Object(
  {
    brandName: Type.String({ minLength: 1, maxLength: 60 }),
    currencySymbol: Type.String({ minLength: 1, maxLength: 5 }),
    languages: Type.Array(Language, { minItems: 1, uniqueItems: true }),
    defaultLanguage: Language,
    loginedToHomePage: Type.Boolean(),
    captchaEnabled: Type.Boolean(),
    minimumAge: Type.Integer({ minimum: 18, maximum: 21 }),
    socialLinks: Type.Object(
      { facebook: Type.Union([Url, Type.Null()]), telegram: Type.Union([Url, Type.Null()]) },
      { additionalProperties: false },
    ),
    licences: Type.Array(
      Type.Object(
        {
          code: Type.Union([Type.Literal('MGA'), Type.Literal('BVI'), Type.Literal('PAGCOR')]),
          name: Localised,
          text: Localised,
        },
        { additionalProperties: false },
      ),
      { maxItems: 10 },
    ),
    copyright: Localised,
  },
  { additionalProperties: false },
);

export const MaintenanceSchema = Type.Object(
  {
    enabled: Type.Boolean(),
    endAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    message: Localised,
  },
  { additionalProperties: false },
);

export const RegionBlockSchema = Type.Object(
  {
    /** ISO 3166-1 alpha-2 country codes, used when a GeoIP database is configured. */
    countries: Type.Array(Type.String({ pattern: '^[A-Z]{2}$' }), { maxItems: 250, uniqueItems: true }),
    /** CIDR ranges, IPv4 or IPv6. */
    ipRanges: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 1000, uniqueItems: true }),
  },
  { additionalProperties: false },
);

export const CustomerServiceSchema = Type.Array(
  Type.Object(
    {
      csPosition: Type.String({ maxLength: 20 }),
      csType: Type.String({ maxLength: 20 }),
      path: Url,
      title: Localised,
    },
    { additionalProperties: false },
  ),
  { maxItems: 20 },
);

export const ResourcesSchema = Type.Array(
  Type.Object(
    {
      resourceType: Type.Union([Type.Literal('IOS'), Type.Literal('ANDROID'), Type.Literal('IOS_LITE')]),
      url: Url,
      qrCodeUrl: Type.Union([Url, Type.Null()]),
    },
    { additionalProperties: false },
  ),
  { maxItems: 10 },
);

export const WhitelabelNodeSchema = Type.Cyclic(
  {
    Node: Type.Object(
      {
        modId: Type.String({ maxLength: 40 }),
        enabled: Type.Boolean(),
        childrenNodes: Type.Array(Type.Ref('Node'), { maxItems: 50 }),
      },
      { additionalProperties: false },
    ),
  },
  'Node',
);
export const WhitelabelSchema = Type.Array(WhitelabelNodeSchema, { maxItems: 50 });

export const IntegrationsSchema = Type.Object(
  {
    gtagId: Type.Union([Type.String({ pattern: '^[A-Z0-9-]{4,30}$' }), Type.Null()]),
    domainRoute: Type.Union([Type.String({ maxLength: 200 }), Type.Null()]),
    imageCDNs: Type.Array(Url, { maxItems: 10 }),
    launchGameCDNs: Type.Array(Url, { maxItems: 10 }),
  },
  { additionalProperties: false },
);

export const GameTypesSchema = Type.Array(
  Type.Object(
    {
      gameType: Type.Enum(GAME_TYPES),
      isHot: Type.Boolean(),
      enabled: Type.Boolean(),
    },
    { additionalProperties: false },
  ),
  { maxItems: GAME_TYPES.length, uniqueItems: true },
);

/**
 * One registration field's rule. The operator picks a pattern of the catalogue by id; the regular expression itself
 * comes from the catalogue, so no operator-typed expression ever runs on the server.
 */
export const StoredFieldRuleSchema = Type.Object(
  {
    enabled: Type.Boolean(),
    required: Type.Boolean(),
    patternId: Type.Enum(PATTERN_IDS),
    minLength: Type.Integer({ minimum: 0, maximum: 254 }),
    maxLength: Type.Integer({ minimum: 1, maximum: 254 }),
  },
  { additionalProperties: false },
);

export const RegistrationSchema = Type.Object(
  {
    fields: Type.Object(
      Object.fromEntries(REGISTER_FIELDS.map((field) => [field, StoredFieldRuleSchema])) as Record<
        (typeof REGISTER_FIELDS)[number],
        typeof StoredFieldRuleSchema
      >,
      { additionalProperties: false },
    ),
    countryDialingCodes: Type.Array(Type.String({ pattern: '^[0-9]{1,4}$' }), { minItems: 1, maxItems: 20 }),
    defaultCountryDialingCode: Type.String({ pattern: '^[0-9]{1,4}$' }),
    /** Lifetime of SMS and e-mail codes; the send button counts down this many minutes. */
    codeExpiredMinutes: Type.Integer({ minimum: 1, maximum: 30 }),
    /** Ask for a birthday and check it against brand.minimumAge. */
    birthdayCheck: Type.Boolean(),
    /** Days before a password expires (PWDEXPFORCECHANGE3 then forces a change); 0 never. */
    passwordMaxAgeDays: Type.Integer({ minimum: 0, maximum: 3650 }),
  },
  { additionalProperties: false },
);

const AmountText = Type.String({ pattern: '^(0|[1-9]\\d{0,12})(\\.\\d{1,2})?$' });

/** Withdrawal limits and the timings of the money flows (deposit limits belong to each payment channel). */
export const WalletSchema = Type.Object(
  {
    withdrawalMinAmount: AmountText,
    withdrawalMaxAmount: AmountText,
    /** Minutes a paid withdrawal waits for the member's confirmation before it counts as received. */
    withdrawalConfirmMinutes: Type.Integer({ minimum: 1, maximum: 10080 }),
    /** Turnover each confirmed deposit requires, in percent of its amount (100 = bet the deposit once). */
    depositTurnoverPercent: Type.Integer({ minimum: 0, maximum: 5000 }),
    payoutAccountLimit: Type.Integer({ minimum: 1, maximum: 20 }),
    transfersEnabled: Type.Boolean(),
  },
  { additionalProperties: false },
);

const RateText = Type.String({ pattern: '^(0|[1-9]\\d?)(\\.\\d{1,2})?$|^100(\\.0{1,2})?$' });
const ActiveMembers = Type.Integer({ minimum: 0, maximum: 100_000 });

/** What the agents' contract statements take off and require (issue 29). Rates are percent. */
export const AgentContractsSchema = Type.Object(
  {
    /** Of the team's loss (the platform's win), taken off a dividend before the rate. */
    platformFeeRate: RateText,
    /** Of the team's deposits and withdrawals, the payment channels' costs, taken off a dividend. */
    depositFeeRate: RateText,
    withdrawalFeeRate: RateText,
    /** Active members (a stake in the window) a team needs for its contract to pay, per contract type. */
    minActiveMembers: Type.Object(
      { dividend: ActiveMembers, dailyWage: ActiveMembers, hourlySalary: ActiveMembers, realTimeSalary: ActiveMembers },
      { additionalProperties: false },
    ),
    /** A payment below this is kept and added to the next window's. */
    minPayout: AmountText,
  },
  { additionalProperties: false },
);

export const SETTING_SCHEMAS = {
  brand: BrandSchema,
  maintenance: MaintenanceSchema,
  regionBlock: RegionBlockSchema,
  customerService: CustomerServiceSchema,
  resources: ResourcesSchema,
  whitelabel: WhitelabelSchema,
  integrations: IntegrationsSchema,
  gameTypes: GameTypesSchema,
  registration: RegistrationSchema,
  wallet: WalletSchema,
  agentContracts: AgentContractsSchema,
} satisfies Record<string, TSchema>;

export type SettingKey = keyof typeof SETTING_SCHEMAS;
export type SettingValue<K extends SettingKey> = Static<(typeof SETTING_SCHEMAS)[K]>;
export const SETTING_KEYS = Object.keys(SETTING_SCHEMAS) as SettingKey[];

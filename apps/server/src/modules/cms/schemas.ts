import { ANNOUNCEMENT_TYPES, NOTICE_TYPES } from '@portal/shared/constants';
import Type, { type Static } from 'typebox';
import { LanguageParam } from '../system/schemas.ts';

const localised = (maxLength: number) =>
  Type.Object(
    {
      bn: Type.Optional(Type.String({ maxLength })),
      en: Type.Optional(Type.String({ maxLength })),
    },
    { additionalProperties: false, minProperties: 1 },
  );
/**
 * Bytes of the largest valid body whose localised texts hold `characters` in each language, far above the global
 * 64 KiB for long texts: both languages full, each character of Bengali 3 bytes in UTF-8 and 6 when the client
 * escapes it (`\u09xx`, as Python's json does), plus 1 KiB for the keys and the other fields.
 */
const localisedBodyLimit = (characters: number) => 2 * characters * 6 + 1024;

const Timestamp = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const IdParams = Type.Object({ id: Id }, { additionalProperties: false });
export const OrderBody = Type.Object(
  { ids: Type.Array(Id, { minItems: 1, maxItems: 500, uniqueItems: true }) },
  { additionalProperties: false },
);

/** The words over a banner's art: short, as on a phone they share a third of the screen's width. */
export const BANNER_TEXT_MAX = { headline: 60, detail: 120, button: 24 } as const;
/** A banner's optional words: null removes them (the banner shows its image only). */
const bannerText = (maxLength: number) => Type.Union([localised(maxLength), Type.Null()]);
const bannerFields = {
  groupName: Type.String({ pattern: '^w_[a-z]{2,20}$' }),
  imageUrl: Type.String({ maxLength: 500, pattern: '^(https://|/)[^\\s<>"]+$' }),
  title: localised(200),
  headline: bannerText(BANNER_TEXT_MAX.headline),
  detail: bannerText(BANNER_TEXT_MAX.detail),
  buttonLabel: bannerText(BANNER_TEXT_MAX.button),
  linkageType: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)]),
  link: Type.Union([Type.String({ maxLength: 500 }), Type.Null()]),
  sortOrder: Type.Integer({ minimum: 0, maximum: 100_000 }),
  enabled: Type.Boolean(),
  startsAt: Timestamp,
  endsAt: Timestamp,
};
export const BannerInput = Type.Object(
  {
    ...bannerFields,
    link: Type.Optional(bannerFields.link),
    headline: Type.Optional(bannerFields.headline),
    detail: Type.Optional(bannerFields.detail),
    buttonLabel: Type.Optional(bannerFields.buttonLabel),
    sortOrder: Type.Optional(bannerFields.sortOrder),
    enabled: Type.Optional(bannerFields.enabled),
    startsAt: Type.Optional(Timestamp),
    endsAt: Type.Optional(Timestamp),
  },
  { additionalProperties: false },
);
export const BannerPatch = Type.Partial(Type.Object(bannerFields), { additionalProperties: false, minProperties: 1 });
export type BannerInput = Static<typeof BannerInput>;
export type BannerPatch = Static<typeof BannerPatch>;

const NOTICE_TITLE_MAX = 200;
const NOTICE_CONTENT_MAX = 20_000;
const noticeFields = {
  type: Type.Enum(NOTICE_TYPES),
  title: localised(NOTICE_TITLE_MAX),
  content: localised(NOTICE_CONTENT_MAX),
  sortOrder: Type.Integer({ minimum: 0, maximum: 100_000 }),
  enabled: Type.Boolean(),
  startsAt: Timestamp,
  endsAt: Timestamp,
};
export const NoticeInput = Type.Object(
  {
    ...noticeFields,
    sortOrder: Type.Optional(noticeFields.sortOrder),
    enabled: Type.Optional(noticeFields.enabled),
    startsAt: Type.Optional(Timestamp),
    endsAt: Type.Optional(Timestamp),
  },
  { additionalProperties: false },
);
export const NoticePatch = Type.Partial(Type.Object(noticeFields), { additionalProperties: false, minProperties: 1 });
export const NOTICE_BODY_LIMIT = localisedBodyLimit(NOTICE_TITLE_MAX + NOTICE_CONTENT_MAX);
export type NoticeInput = Static<typeof NoticeInput>;
export type NoticePatch = Static<typeof NoticePatch>;

export const HelpKeyParams = Type.Object(
  { key: Type.String({ pattern: '^[a-z][a-z0-9-]{1,40}$' }) },
  { additionalProperties: false },
);
const HELP_TITLE_MAX = 200;
const HELP_CONTENT_MAX = 50_000;
export const HelpSectionInput = Type.Object(
  {
    title: localised(HELP_TITLE_MAX),
    content: localised(HELP_CONTENT_MAX),
    sortOrder: Type.Integer({ minimum: 0, maximum: 1000 }),
  },
  { additionalProperties: false },
);
export const HELP_SECTION_BODY_LIMIT = localisedBodyLimit(HELP_TITLE_MAX + HELP_CONTENT_MAX);
export type HelpSectionInput = Static<typeof HelpSectionInput>;

export const AnnouncementsQuery = Type.Object(
  {
    types: Type.Optional(
      Type.String({
        maxLength: 40,
        pattern: `^(${ANNOUNCEMENT_TYPES.join('|')})(,(${ANNOUNCEMENT_TYPES.join('|')}))*$`,
      }),
    ),
    platform: Type.Optional(Type.Literal('W')),
    execution: Type.Optional(Type.String({ maxLength: 10, pattern: '^[A-Z,]*$' })),
    language: LanguageParam,
  },
  { additionalProperties: false },
);

const BannerSchema = Type.Object({
  bannerId: Type.Integer(),
  url: Type.String(),
  groupName: Type.String(),
  linkageType: Type.Integer(),
  link: Type.Union([Type.String(), Type.Null()]),
  title: Type.String(),
  headline: Type.Optional(Type.String()),
  detail: Type.Optional(Type.String()),
  button: Type.Optional(Type.String()),
});
const NoticeSchema = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  title: Type.String(),
  content: Type.String(),
  publishedAt: Type.String(),
});
export const AnnouncementsSchema = Type.Object({
  banners: Type.Array(BannerSchema),
  player: Type.Array(NoticeSchema),
  popup: Type.Array(NoticeSchema),
  promotion: Type.Array(NoticeSchema),
  home: Type.Array(NoticeSchema),
});
export const HelpCentreSchema = Type.Object({
  sections: Type.Array(Type.Object({ key: Type.String(), title: Type.String(), content: Type.String() })),
});

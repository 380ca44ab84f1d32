import { LANGUAGES } from '@portal/shared/constants';
import Type from 'typebox';

export const LanguageParam = Type.Optional(Type.Enum(LANGUAGES));

export const HostQuery = Type.Object(
  { url: Type.Optional(Type.String({ maxLength: 255 })), language: LanguageParam },
  { additionalProperties: false },
);

export const LanguageQuery = Type.Object({ language: LanguageParam }, { additionalProperties: false });

export const SystemStatusSchema = Type.Object({
  status: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)]),
  maintenanceEnd: Type.Union([Type.String(), Type.Null()]),
  message: Type.Union([Type.String(), Type.Null()]),
  ip: Type.String(),
});

// Response schemas are written out to a fixed depth: the serializer and the OpenAPI document need no $ref cycles.
const whitelabelLevel = (children: ReturnType<typeof Type.Array>) =>
  Type.Object({ modId: Type.String(), enabled: Type.Boolean(), childrenNodes: children });
export const WhitelabelSchema = Type.Array(
  whitelabelLevel(Type.Array(whitelabelLevel(Type.Array(whitelabelLevel(Type.Array(Type.Unknown())))))),
);

const NullableString = Type.Union([Type.String(), Type.Null()]);

export const PermissionSchema = Type.Object({
  whitelabel: WhitelabelSchema,
  resources: Type.Array(Type.Object({ resourceType: Type.String(), url: Type.String(), qrCodeUrl: NullableString })),
  customerService: Type.Array(
    Type.Object({ csPosition: Type.String(), csType: Type.String(), path: Type.String(), title: Type.String() }),
  ),
  analytics: Type.Object({ gtagId: NullableString }),
  domainRoute: NullableString,
  imageCDNs: Type.Array(Type.String()),
  launchGameCDNs: Type.Array(Type.String()),
  location: Type.Object({ ip: Type.String(), country: NullableString }),
  maintenance: Type.Object({ enabled: Type.Boolean(), maintenanceEnd: NullableString, message: NullableString }),
  regionRestriction: Type.Boolean(),
  settings: Type.Object({
    brandName: Type.String(),
    currencySymbol: Type.String(),
    languages: Type.Array(Type.String()),
    defaultLanguage: Type.String(),
    loginedToHomePage: Type.Boolean(),
    captchaEnabled: Type.Boolean(),
    minimumAge: Type.Integer(),
    flags: Type.Record(Type.String(), Type.Boolean()),
    socialLinks: Type.Object({ facebook: NullableString, telegram: NullableString }),
    licences: Type.Array(Type.Object({ code: Type.String(), name: Type.String(), text: Type.String() })),
    copyright: Type.String(),
  }),
});

export const DomainListSchema = Type.Object({
  domainList: Type.Array(Type.Object({ domainName: Type.String(), device: Type.Integer() })),
});

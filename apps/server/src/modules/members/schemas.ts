import Type from 'typebox';

export const AffiliateQuery = Type.Object(
  { code: Type.String({ maxLength: 32 }), domain: Type.Optional(Type.String({ maxLength: 253 })) },
  { additionalProperties: false },
);

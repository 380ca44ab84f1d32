import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { VENDOR_IS_GAME } from '@portal/shared/api';
import Type from 'typebox';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import { LanguageQuery } from '../system/schemas.ts';
import type { VendorService } from './vendors.ts';

const VendorCardSchema = Type.Object({
  vassalage: Type.String(),
  accountTypeId: Type.Integer(),
  isHot: Type.Integer(),
  displayName: Type.String(),
  gameType: Type.String(),
  logo: Type.String(),
  isGame: Type.Enum(VENDOR_IS_GAME),
  lobbyNodeId: Type.Union([Type.String(), Type.Null()]),
  margin: Type.Union([Type.String(), Type.Null()]),
});

export const vendorRoutes: FastifyPluginAsyncTypebox<{ vendors: VendorService }> = async (app, { vendors }) => {
  app.get(
    '/wps/relay/GCSGAME_getVassGameType',
    {
      schema: {
        tags: ['games'],
        summary: 'Game types in navigation order with their vendors',
        querystring: LanguageQuery,
        response: {
          200: okSchema(
            Type.Array(
              Type.Object({ gameType: Type.String(), isHot: Type.Integer(), vendors: Type.Array(VendorCardSchema) }),
            ),
          ),
          ...errorResponses,
        },
      },
    },
    async () => ok(await vendors.gameTypes()),
  );

  app.get(
    '/wps/relay/GCSGAME_newGameVendor',
    {
      schema: {
        tags: ['games'],
        summary: 'Vendor cards',
        querystring: Type.Object(
          { platform: Type.Optional(Type.String({ maxLength: 40 })), language: LanguageQuery.properties.language },
          { additionalProperties: false },
        ),
        response: { 200: okSchema(Type.Array(VendorCardSchema)), ...errorResponses },
      },
    },
    async () => ok(await vendors.vendorCards()),
  );
};

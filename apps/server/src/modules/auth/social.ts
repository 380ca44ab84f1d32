import type { Kysely } from 'kysely';
import * as oidc from 'openid-client';
import { newInviteCode } from '../../common/secrets.ts';
import type { Database } from '../../db/schema.ts';
import type { EphemeralStore } from '../../http/ephemeral-store.ts';
import { AppError } from '../../http/errors.ts';
import type { MemberService } from '../members/service.ts';
import type { LoginOutcome, RequestContext } from './context.ts';
import * as identities from './identities.ts';
import type { MemberSessions } from './member-sessions.ts';
import type { SecondFactorService } from './second-factor.ts';

export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export interface SocialProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

const FLOW_TTL_MS = 10 * 60 * 1000;

/**
 * Google and Facebook sign-in through OpenID Connect (authorization code with PKCE, state and nonce), with
 * `openid-client`. A first sign-in opens a player account linked to the provider's subject id.
 */
export class SocialSignIn {
  private readonly discovered = new Map<SocialProvider, Promise<oidc.Configuration>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly providers: Partial<Record<SocialProvider, SocialProviderConfig>>,
    private readonly members: Pick<MemberService, 'findById' | 'createSocial' | 'removeUnused'>,
    private readonly sessions: MemberSessions,
    private readonly secondFactor: Pick<SecondFactorService, 'challengeIfNeeded'>,
    private readonly store: EphemeralStore,
    private readonly publicUrl: string,
    private readonly allowHttp: boolean,
  ) {}

  enabled(): SocialProvider[] {
    return SOCIAL_PROVIDERS.filter((p) => this.providers[p]);
  }

  private redirectUri(provider: SocialProvider) {
    return `${this.publicUrl}/wps/session/social/${provider}/callback`;
  }

  private configuration(provider: SocialProvider): Promise<oidc.Configuration> {
    const settings = this.providers[provider];
    if (!settings) throw new AppError(404, 'FEATURE_DISABLED');
    let configuration = this.discovered.get(provider);
    if (!configuration) {
      configuration = oidc.discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret,
        undefined,
        this.allowHttp ? { execute: [oidc.allowInsecureRequests] } : undefined,
      );
      // A failed discovery is tried again on the next sign-in rather than remembered.
      configuration.catch(() => this.discovered.delete(provider));
      this.discovered.set(provider, configuration);
    }
    return configuration;
  }

  /** The provider's authorization address, and the state the browser must bring back (kept in a cookie). */
  async start(provider: SocialProvider): Promise<{ url: string; state: string }> {
    const configuration = await this.configuration(provider);
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    await this.store.put(`oidc:${state}`, JSON.stringify({ provider, verifier, nonce }), FLOW_TTL_MS);
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri(provider),
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, state };
  }

  /**
   * Finishes the flow the browser started (its state cookie must match the state returned), and signs the member
   * in, opening an account on the first visit; a member who asks for the authenticator app at every login gets a
   * challenge instead.
   */
  async finish(
    provider: SocialProvider,
    query: URLSearchParams,
    cookieState: string | undefined,
    context: RequestContext,
  ): Promise<LoginOutcome> {
    const state = query.get('state');
    if (!state || state !== cookieState) throw new AppError(400, 'CHALLENGE_EXPIRED');
    const saved = await this.store.take(`oidc:${state}`);
    const flow = saved ? (JSON.parse(saved) as { provider: string; verifier: string; nonce: string }) : null;
    if (!flow || flow.provider !== provider) throw new AppError(400, 'CHALLENGE_EXPIRED');

    const configuration = await this.configuration(provider);
    const callback = new URL(this.redirectUri(provider));
    callback.search = query.toString();
    const tokens = await oidc.authorizationCodeGrant(configuration, callback, {
      pkceCodeVerifier: flow.verifier,
      expectedState: state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims?.sub) throw new AppError(400, 'LOGIN_FAILED');
    // Providers that keep scope claims out of the ID token give them at the userinfo endpoint.
    const profile =
      typeof claims.email === 'string'
        ? claims
        : await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub).catch(() => claims);
    const email = profile.email_verified === true && typeof profile.email === 'string' ? profile.email : null;

    const member = await this.memberFor(provider, claims.sub, email, context.ip);
    if (member.status !== 'active') throw new AppError(403, 'ACCOUNT_DISABLED');
    const flags = { mustChangePassword: false, passwordExpired: false };
    const challenge = await this.secondFactor.challengeIfNeeded(member, 'member', context, flags, 'social');
    if (challenge) return { challenge };
    return { session: await this.sessions.open(member, 'member', context, flags, `member.login.${provider}`) };
  }

  private async memberFor(provider: SocialProvider, subject: string, email: string | null, ip: string) {
    const linked = await identities.memberOf(this.db, provider, subject);
    if (linked) {
      const member = await this.members.findById(linked);
      if (member) return member;
    }
    const base = (email?.split('@')[0] ?? provider).replace(/[^A-Za-z0-9]/g, '').slice(0, 10);
    const account = `${/^[A-Za-z]/.test(base) ? base : `u${base}`}${newInviteCode().slice(0, 5).toLowerCase()}`;
    const member = await this.members.createSocial(account, email, ip, provider);
    await identities.link(this.db, provider, subject, member.id, email);
    // Two simultaneous first sign-ins of one subject: the first link wins and the account made for the other,
    // never used, is removed.
    const winner = await identities.memberOf(this.db, provider, subject);
    if (winner === undefined) throw new Error('social identity link vanished');
    if (winner !== member.id) {
      await this.members.removeUnused(member.id);
      const linkedMember = await this.members.findById(winner);
      if (linkedMember) return linkedMember;
    }
    return member;
  }
}

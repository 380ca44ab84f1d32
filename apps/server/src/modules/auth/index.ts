import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { OperatorAuthenticator } from '../../common/request-identity.ts';
import type { Database } from '../../db/schema.ts';
import type { Broadcast } from '../../http/broadcast.ts';
import type { EphemeralStore } from '../../http/ephemeral-store.ts';
import type { AuditRecorder } from '../audit/service.ts';
import type { MemberService } from '../members/service.ts';
import type { MessagingService } from '../messaging/service.ts';
import type { SettingsService } from '../system/settings-service.ts';
import { AuthenticatorApp } from './authenticator-app.ts';
import { CaptchaService } from './captcha.ts';
import { CodeSender } from './code-sender.ts';
import { VerificationCodes } from './codes.ts';
import { type DemoFunding, FreePlay } from './free-play.ts';
import { LoginService } from './login.ts';
import { LoginGuard } from './login-guard.ts';
import { loginRoutes } from './login-routes.ts';
import { MemberSessions } from './member-sessions.ts';
import { MobileVerification } from './mobile-verification.ts';
import { mobileVerificationRoutes } from './mobile-verification-routes.ts';
import { authOperatorRoutes } from './operator-routes.ts';
import { passwordRoutes } from './password-routes.ts';
import { PasswordService } from './passwords.ts';
import { RegistrationService } from './registration.ts';
import { registrationRoutes } from './registration-routes.ts';
import { SecondFactorService } from './second-factor.ts';
import { SecurityCentre } from './security-centre.ts';
import { securityRoutes } from './security-routes.ts';
import { SessionStore } from './sessions.ts';
import { type SocialProvider, type SocialProviderConfig, SocialSignIn } from './social.ts';
import { socialRoutes } from './social-routes.ts';

export interface AuthDependencies {
  db: Kysely<Database>;
  members: MemberService;
  settings: SettingsService;
  store: EphemeralStore;
  messaging: Pick<MessagingService, 'send'>;
  audit: AuditRecorder;
  /** Where session changes are announced to every node. */
  sessionChanges: Broadcast;
  /** How long a node may trust a session it read (0: every call reads it). */
  sessionRecheckMs: number;
  loginLockMs: number;
  publicUrl: string;
  /** Captcha texts; tests pass a known source, production draws random ones. */
  captchaText?: () => string;
  social: { providers: Partial<Record<SocialProvider, SocialProviderConfig>>; allowHttp: boolean };
  fundDemo: DemoFunding;
}

export type AuthServices = ReturnType<typeof createAuth>;

/** The services of the auth module, each given only the collaborators it uses. */
export function createAuth(deps: AuthDependencies) {
  const { db, members, settings, store, messaging, audit } = deps;
  const codes = new VerificationCodes(db);
  const guard = new LoginGuard(store, deps.loginLockMs);
  const sender = new CodeSender(codes, store, messaging, settings);
  const sessionStore = new SessionStore(db, deps.sessionChanges, deps.sessionRecheckMs);
  const sessions = new MemberSessions(db, sessionStore, members, audit);
  const centre = new SecurityCentre(members);
  const authenticatorApp = new AuthenticatorApp(db, members, settings, store, audit, centre);
  const secondFactor = new SecondFactorService(db, members, sessions, codes, sender, authenticatorApp, guard, audit);
  const mobile = new MobileVerification(db, members, settings, codes, sender, audit, centre);
  return {
    sessions,
    login: new LoginService(db, members, settings, sessions, secondFactor, codes, guard, audit),
    secondFactor,
    centre,
    authenticatorApp,
    mobile,
    passwords: new PasswordService(
      db,
      members,
      settings,
      sessionStore,
      codes,
      sender,
      messaging,
      audit,
      deps.publicUrl,
    ),
    registration: new RegistrationService(members, mobile, sessions),
    freePlay: new FreePlay(members, settings, sessions, deps.fundDemo),
    captcha: new CaptchaService(store, deps.captchaText),
    social: new SocialSignIn(
      db,
      deps.social.providers,
      members,
      sessions,
      secondFactor,
      store,
      deps.publicUrl,
      deps.social.allowHttp,
    ),
  };
}

/** Every route of the auth module: the player's sign-in, password and security calls, and the operator's. */
export const authRoutes: FastifyPluginAsync<{ auth: AuthServices; admins: OperatorAuthenticator }> = async (
  app,
  { auth, admins },
) => {
  const { sessions, captcha } = auth;
  await app.register(loginRoutes, {
    login: auth.login,
    secondFactor: auth.secondFactor,
    freePlay: auth.freePlay,
    sessions,
    captcha,
  });
  await app.register(registrationRoutes, { registration: auth.registration, captcha });
  await app.register(mobileVerificationRoutes, { mobile: auth.mobile, sessions });
  await app.register(passwordRoutes, { passwords: auth.passwords, sessions });
  await app.register(securityRoutes, { centre: auth.centre, authenticatorApp: auth.authenticatorApp, sessions });
  await app.register(socialRoutes, { social: auth.social });
  await app.register(authOperatorRoutes, { login: auth.login, admins });
};

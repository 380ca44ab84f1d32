import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { LANGUAGES } from '@portal/shared/constants';
import { HOUSE_VENDOR } from '@portal/shared/house-games';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { createBootDataSource } from './boot-data.ts';
import { REAL_CURRENCY } from './common/currencies.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/connection.ts';
import { AllowedOrigins } from './http/allowed-origins.ts';
import { Broadcast, redisTransport } from './http/broadcast.ts';
import { createEphemeralStore, DatabaseStore } from './http/ephemeral-store.ts';
import { answerFrameworkError, registerErrorHandler } from './http/error-handler.ts';
import { registerLanguageCase } from './http/language.ts';
import { lazyChildLoggerFactory } from './http/lazy-child-logger.ts';
import { serializeRequest } from './http/log-redaction.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { buildSerializerFactory } from './http/serializer-compiler.ts';
import { SharedCaches } from './http/shared-caches.ts';
import { registerStorableTextCheck } from './http/storable-text.ts';
import { createValidatorCompiler, registerFiniteNumberCheck } from './http/validator-compiler.ts';
import { readWebBuild, registerWebApp } from './http/web-app.ts';
import { jobAdminRoutes } from './jobs/admin-routes.ts';
import { Jobs } from './jobs/jobs.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { AdminService } from './modules/admin/service.ts';
import { agentAdminRoutes } from './modules/agents/admin-routes.ts';
import { RegisterCentre } from './modules/agents/register-centre.ts';
import { RegistrationRollup, scheduleRegistrationRollup } from './modules/agents/registration-rollup.ts';
import { agentRoutes } from './modules/agents/routes.ts';
import { AgentTeamService } from './modules/agents/service.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { AuditLog, createAuditRecorder } from './modules/audit/service.ts';
import { type AuthServices, authRoutes, createAuth } from './modules/auth/index.ts';
import type { SocialProviderConfig } from './modules/auth/social.ts';
import { cmsAdminRoutes, cmsRoutes } from './modules/cms/routes.ts';
import { CmsService } from './modules/cms/service.ts';
import { registerContracts } from './modules/contracts/index.ts';
import { type ContractService, contractSwitchesOf } from './modules/contracts/service.ts';
import { type ContractSettlement, contractJobs } from './modules/contracts/settlement.ts';
import type { ContractSources } from './modules/contracts/sources.ts';
import { gameAdminRoutes } from './modules/games/admin-routes.ts';
import { CatalogueAdmin } from './modules/games/catalogue-admin.ts';
import { GameLaunches } from './modules/games/launch.ts';
import { gameRoutes } from './modules/games/routes.ts';
import { GameCatalogue } from './modules/games/service.ts';
import { vendorRoutes } from './modules/games/vendor-routes.ts';
import { VendorService } from './modules/games/vendors.ts';
import { WinnerBoard } from './modules/games/winners.ts';
import { registerHouseGames } from './modules/house-games/index.ts';
import { registerLottery } from './modules/lottery/index.ts';
import { memberAdminRoutes } from './modules/members/admin-routes.ts';
import { PaymentPasswords } from './modules/members/payment-password.ts';
import { memberRoutes } from './modules/members/routes.ts';
import { MemberService } from './modules/members/service.ts';
import { httpSmsProvider, smtpProvider } from './modules/messaging/providers.ts';
import { outboxRoutes } from './modules/messaging/routes.ts';
import { MessagingService } from './modules/messaging/service.ts';
import { paymentAdminRoutes } from './modules/payments/admin-routes.ts';
import { PaymentChannels } from './modules/payments/channels.ts';
import { PaymentContractWindows } from './modules/payments/contract-windows.ts';
import { DepositService } from './modules/payments/deposits.ts';
import { paymentCallbackRoutes, sandboxGatewayRoutes } from './modules/payments/gateway-routes.ts';
import { PayoutAccounts } from './modules/payments/payout-accounts.ts';
import { SandboxProvider } from './modules/payments/providers/sandbox.ts';
import type { PaymentProvider } from './modules/payments/providers/types.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { schedulePaymentSweeps } from './modules/payments/sweeps.ts';
import { memberMoneySql, PaymentTeamFigures } from './modules/payments/team-figures.ts';
import { PaymentTeamRollup, schedulePaymentRollup } from './modules/payments/team-rollup.ts';
import { Uploads } from './modules/payments/uploads.ts';
import { WithdrawalService } from './modules/payments/withdrawals.ts';
import { seamlessAdminRoutes } from './modules/seamless/admin-routes.ts';
import { IntegrationsAdmin } from './modules/seamless/integrations-admin.ts';
import { seamlessLauncherFor } from './modules/seamless/launcher.ts';
import { seamlessRoutes } from './modules/seamless/routes.ts';
import { SeamlessService } from './modules/seamless/service.ts';
import { VendorTransferClient } from './modules/seamless/transfer-client.ts';
import { RegionPolicy } from './modules/system/region.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { SystemService } from './modules/system/service.ts';
import { SettingsService } from './modules/system/settings-service.ts';
import { walletAdminRoutes } from './modules/wallet/admin-routes.ts';
import { BalanceEvents } from './modules/wallet/balance-events.ts';
import { WalletContractWindows } from './modules/wallet/contract-windows.ts';
import { Ledger } from './modules/wallet/ledger.ts';
import { PlayRollup, schedulePlayRollup } from './modules/wallet/play-rollup.ts';
import { RecordsService } from './modules/wallet/records.ts';
import { recordsRoutes } from './modules/wallet/records-routes.ts';
import { walletRoutes } from './modules/wallet/routes.ts';
import { WalletService } from './modules/wallet/service.ts';
import { socketRoutes } from './modules/wallet/socket-routes.ts';
import { memberPlaySql, WalletTeamFigures } from './modules/wallet/team-figures.ts';
import { periodPage } from './modules/wallet/team-periods.ts';
import { TransferService } from './modules/wallet/transfers.ts';
import { scheduleVendorTransferSweep, VendorWallets } from './modules/wallet/vendor-wallets.ts';

const EPHEMERAL_SWEEP = 'ephemeral-values.sweep';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  redis?: Redis;
  /** Prefix of this instance's keys in Redis; tests give each portal its own. */
  redisNamespace?: string;
  /** Captcha texts; tests pass a known source, production draws random ones. */
  captchaText?: () => string;
  /** Where log lines go (standard output when absent); tests pass a stream to read them. */
  logStream?: { write(line: string): void };
}

export interface AppServices {
  settings: SettingsService;
  admins: AdminService;
  cms: CmsService;
  system: SystemService;
  vendors: VendorService;
  members: MemberService;
  auth: AuthServices;
  messaging: MessagingService;
  wallet: WalletService;
  deposits: DepositService;
  withdrawals: WithdrawalService;
  channels: PaymentChannels;
  games: GameCatalogue;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
    /** The background jobs: for tests to send windows and read the dead-letter list. */
    jobs: Jobs;
    /** The agents' contracts: for tests to settle windows. */
    contracts: { contracts: ContractService; settlement: ContractSettlement; sources: ContractSources };
  }
}

/** Builds the Fastify instance with every plugin and module; it does not listen. */
export async function buildApp({
  config,
  database,
  redis,
  redisNamespace = 'portal:',
  captchaText,
  logStream,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            serializers: { req: serializeRequest },
            ...(logStream ? { stream: logStream } : {}),
          },
    childLoggerFactory: lazyChildLoggerFactory,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 64 * 1024,
    frameworkErrors: answerFrameworkError,
    schemaController: { compilersFactory: { buildSerializer: buildSerializerFactory() } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(createValidatorCompiler());

  // Every call takes `?language=` (the app adds it to its GETs), so no query schema may refuse it.
  app.addHook('onRoute', (route) => {
    const query = route.schema?.querystring as { type?: string; properties?: Record<string, unknown> } | undefined;
    if (route.schema && query?.type === 'object' && query.properties && !query.properties.language) {
      route.schema.querystring = {
        ...query,
        properties: { ...query.properties, language: { type: 'string', enum: [...LANGUAGES] } },
      };
    }
  });

  const web = readWebBuild(config.WEB_DIST);
  registerErrorHandler(app);
  registerStorableTextCheck(app);
  registerLanguageCase(app);
  registerFiniteNumberCheck(app);

  // Every cookie is Secure when players reach the portal over https (PUBLIC_URL), or when this request came over TLS
  // (`request.protocol`, from X-Forwarded-Proto when TRUST_PROXY is on).
  await app.register(fastifyCookie, { parseOptions: { secure: config.PUBLIC_URL.startsWith('https:') || 'auto' } });
  await app.register(fastifyFormbody);
  registerSecurityHeaders(app, web?.inlineScriptHashes ?? []);
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${redisNamespace}rl:` } : {}),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Portal API',
        version: '0.1.0',
        description: 'Player (/wps, /lgw), operator (/admin/api) and vendor (/vendor) APIs.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });

  const { db } = database;
  const audit = createAuditRecorder(db);
  const jobs = new Jobs({
    database,
    log: app.log,
    pollMs: config.JOBS_POLL_MS,
    stopTimeoutMs: Math.floor(config.SHUTDOWN_TIMEOUT_MS / 2),
  });
  registerJobs(app, jobs);
  // Nodes agree through Redis when there is one, else through the database they share (docs/decisions.md).
  const transport = redis ? redisTransport(redis) : database.notifications;
  if (database.notifications) {
    database.notifications.onError = (error, what) => app.log.warn({ err: error }, `notifications: ${what}`);
  }
  const cacheChanges = new Broadcast(transport, `${redisNamespace}caches`);
  const sessionChanges = new Broadcast(transport, `${redisNamespace}sessions`);
  const balanceChanges = new Broadcast(transport, `${redisNamespace}balance`);
  registerBroadcasts(app, [cacheChanges, sessionChanges, balanceChanges]);
  const caches = new SharedCaches(cacheChanges);
  const settings = new SettingsService(db, config.SETTINGS_CACHE_MS, audit, caches);
  const region = await RegionPolicy.create(config.GEOIP_DB);
  const store = createEphemeralStore(redis, redisNamespace, db);
  if (store instanceof DatabaseStore) {
    // Expired limits are never read, only kept: cleared once a minute by whichever node runs the window.
    jobs.define(EPHEMERAL_SWEEP, async () => ({ deleted: await store.sweep() }));
    jobs.every(EPHEMERAL_SWEEP, { everyMs: 60_000, catchUp: 1 });
  }
  const messaging = new MessagingService(db, {
    sms: config.SMS_HTTP_URL ? httpSmsProvider(config.SMS_HTTP_URL, config.SMS_HTTP_TOKEN) : undefined,
    email: config.SMTP_URL ? smtpProvider(config.SMTP_URL, config.MAIL_FROM) : undefined,
  });
  // An agent's invitation link places a registration as the agent's own code does; the links are the agents
  // module's (registerCentre, below), asked only once requests come.
  const members: MemberService = new MemberService(
    db,
    settings,
    audit,
    (code): Promise<string | null> => registerCentre.enabledLinkAgent(code),
  );
  const ledger = new Ledger(db);
  const balanceEvents = new BalanceEvents(balanceChanges);
  ledger.onMembersMoved = (memberIds) => balanceEvents.publish(memberIds);
  const wallet = new WalletService(ledger, audit);
  const auth = createAuth({
    db,
    members,
    settings,
    store,
    messaging,
    audit,
    sessionChanges,
    sessionRecheckMs: sessionRecheckMs(config, sessionChanges),
    loginLockMs: config.LOGIN_LOCK_MS,
    publicUrl: config.PUBLIC_URL,
    captchaText,
    social: { providers: socialProviders(config), allowHttp: config.SOCIAL_ALLOW_HTTP },
    // Free play's demo balance is the wallet's to give; auth is handed the step so it never imports the wallet.
    fundDemo: (memberId) => wallet.grantDemoBalance(memberId),
  });
  const sandbox = config.PAYMENT_SANDBOX
    ? new SandboxProvider(config.PAYMENT_SANDBOX_SECRET ?? randomBytes(32).toString('hex'))
    : null;
  const providers = new Map<string, PaymentProvider>(sandbox ? [[sandbox.name, sandbox]] : []);
  const channels = new PaymentChannels(db, () => [...providers.keys()], audit);
  const walletSetting = async () => (await settings.snapshot()).get('wallet');
  const deposits = new DepositService(
    db,
    ledger,
    channels,
    providers,
    async () => (await walletSetting()).depositTurnoverPercent,
    audit,
    async () => (await settings.snapshot()).get('brand').currencySymbol,
  );
  const paymentPasswords = new PaymentPasswords(db, store, audit);
  const payoutAccounts = new PayoutAccounts(
    db,
    paymentPasswords,
    async () => (await walletSetting()).payoutAccountLimit,
    audit,
  );
  const withdrawals = new WithdrawalService(
    db,
    ledger,
    settings,
    paymentPasswords,
    payoutAccounts,
    audit,
    REAL_CURRENCY,
  );
  const transfers = new TransferService(ledger, settings, paymentPasswords, members, REAL_CURRENCY);
  const services: AppServices = {
    settings,
    admins: new AdminService(db, audit, store),
    cms: new CmsService(db, config.CONTENT_CACHE_MS, audit, caches),
    system: new SystemService(db, settings, region, redis),
    vendors: new VendorService(db, settings, config.CONTENT_CACHE_MS, caches),
    members,
    auth,
    messaging,
    wallet,
    deposits,
    withdrawals,
    channels,
    games: new GameCatalogue(db, settings, config.CONTENT_CACHE_MS, caches, app.log),
  };
  app.decorate('services', services);
  app.decorate('jobs', jobs);

  await app.register(systemRoutes, { system: services.system });
  await app.register(cmsRoutes, { cms: services.cms, cacheMs: config.CONTENT_CACHE_MS });
  await app.register(vendorRoutes, { vendors: services.vendors });
  const catalogueAdmin = new CatalogueAdmin(db, audit);
  await app.register(gameAdminRoutes, {
    admins: services.admins,
    admin: catalogueAdmin,
    catalogue: services.games,
  });
  // Game vendors call the seamless wallet at /vendor/<code>/...; a vendor's games open where its integration says.
  const seamless = new SeamlessService(db, ledger, caches, members);
  // A round played at a vendor puts its game in the member's recent games, as a launch does.
  seamless.onBetPlaced = (memberId, nodeId) => services.games.notePlayed(memberId, nodeId);
  app.addHook('onClose', () => services.games.plays.flushed());
  app.decorate('seamless', seamless);
  await app.register(seamlessRoutes, { seamless });
  await app.register(seamlessAdminRoutes, {
    admins: services.admins,
    integrations: new IntegrationsAdmin(db, audit, seamless, (code) => services.vendors.exists(code)),
  });
  const house = await registerHouseGames(app, {
    db,
    ledger,
    seamless,
    admins: services.admins,
    audit,
    catalogue: services.games,
    catalogueAdmin,
    caches,
    jobs,
    sweepEveryMs: config.HOUSE_SWEEP_MS,
  });
  app.decorate('houseGames', house);
  // The lottery's money moves through the wallet's ledger; its draws and settlements are jobs.
  app.decorate(
    'lottery',
    await registerLottery(app, {
      db,
      ledger,
      jobs,
      auth: auth.sessions,
      admins: services.admins,
      audit,
      vnResults: config.LOTTERY_VN_RESULTS,
      accounts: (ids) => members.accountsOf(ids),
      cacheMs: config.CONTENT_CACHE_MS,
    }),
  );
  const launches = new GameLaunches(services.games, settings, async (code) =>
    code === HOUSE_VENDOR ? house.launcher : seamlessLauncherFor(seamless, code),
  );
  const winners = new WinnerBoard(
    services.games,
    (limit, nodeIds) => ledger.vendorCalls.latestWins(limit, nodeIds),
    (ids) => members.accountsOf(ids),
    config.CONTENT_CACHE_MS,
  );
  await app.register(gameRoutes, { catalogue: services.games, launches, auth: auth.sessions, settings, winners });
  await app.register(adminRoutes, { admins: services.admins, settings, system: services.system });
  await app.register(cmsAdminRoutes, { cms: services.cms, admins: services.admins });
  await app.register(authRoutes, { auth, admins: services.admins });
  await app.register(memberRoutes, { members, sessions: auth.sessions, passwords: paymentPasswords });
  // The agents' contracts: members and the tree from their modules, the figures from the modules that own them,
  // payments through the wallet's door.
  const contractPlay = new WalletContractWindows(db);
  const contractCash = new PaymentContractWindows(db);
  const memberOfRow = (row: Awaited<ReturnType<MemberService['findById']>>) =>
    row ? { id: row.id, account: row.account, type: row.type, uplineId: row.upline_id, status: row.status } : null;
  const contractSources: ContractSources = {
    memberByAccount: async (account) => memberOfRow(await members.findByAccount(account)),
    memberById: async (id) => memberOfRow(await members.findById(id)),
    accounts: (ids) => members.accountsOf(ids),
    // The agent centre's service is made below, before any request asks.
    inTeam: (agentId, memberId) => team.inTeam(agentId, memberId),
    play: (holders, start, end) => contractPlay.play(holders, start, end, REAL_CURRENCY),
    rounds: (holders, start, end, cutoff) => contractPlay.rounds(holders, start, end, cutoff, REAL_CURRENCY),
    cashFlow: (holders, start, end) => contractCash.cashFlow(holders, start, end, REAL_CURRENCY),
    betLines: (holder, start, end, page) => contractPlay.betLines(holder, start, end, REAL_CURRENCY, page),
    payments: (memberIds, work) => wallet.contractPayments(memberIds, work),
    flags: async () => (await settings.snapshot()).flags,
    settings: async () => (await settings.snapshot()).get('agentContracts'),
  };
  const contractSwitches = (memberType: number) => contractSwitchesOf(contractSources, memberType);
  const vendorWallets = new VendorWallets(
    db,
    ledger,
    REAL_CURRENCY,
    () => services.vendors.transferVendors(),
    new VendorTransferClient(seamless),
    async (memberId) => (await members.accountsOf([memberId])).get(memberId) ?? '',
  );
  scheduleVendorTransferSweep(jobs, vendorWallets, config.WALLET_SWEEP_MS);
  await app.register(walletRoutes, {
    wallet,
    contractSwitches,
    auth: auth.sessions,
    transfers,
    vendorWallets,
  });
  await app.register(walletAdminRoutes, {
    admins: services.admins,
    wallet,
    findMember: (account) => members.findByAccount(account),
    vendorWallets,
  });
  await app.register(socketRoutes, {
    auth: auth.sessions,
    wallet,
    events: balanceEvents,
    origins: new AllowedOrigins(config.PUBLIC_URL, config.ALLOWED_ORIGINS),
  });
  // Payments move money through the wallet's ledger; the wallet knows nothing of them.
  await app.register(paymentRoutes, { auth: auth.sessions, channels, deposits, withdrawals, payoutAccounts });
  await app.register(paymentAdminRoutes, {
    admins: services.admins,
    channels,
    deposits,
    withdrawals,
    uploads: new Uploads(db),
  });
  await app.register(paymentCallbackRoutes, { deposits });
  if (sandbox) await app.register(sandboxGatewayRoutes, { sandbox, deposits });
  schedulePaymentSweeps(jobs, { deposits, withdrawals, everyMs: config.WALLET_SWEEP_MS });
  // The team reports read the wallet's roll-up of play, kept by a job (the reports add the lines it has not read yet).
  schedulePlayRollup(jobs, new PlayRollup(db, REAL_CURRENCY), config.TEAM_ROLLUP_MS);
  schedulePaymentRollup(jobs, new PaymentTeamRollup(db, REAL_CURRENCY), config.TEAM_ROLLUP_MS);
  // And the agents' per-day registrations of closed days (the overview reads the members created after them by time).
  scheduleRegistrationRollup(jobs, new RegistrationRollup(db), config.TEAM_ROLLUP_MS);
  // The bet record names each round's game and vendor from the catalogue, which the wallet does not read itself.
  const records = new RecordsService(
    db,
    (query, language) => services.games.names(query, language),
    (references) => app.lottery.draws.settledReferences(references),
  );
  await app.register(recordsRoutes, { records, auth: auth.sessions });
  await app.register(memberAdminRoutes, { members, admins: services.admins });
  // The agent centre's team: the tree is the agents module's; the figures are read by the modules that own them.
  const paymentFigures = new PaymentTeamFigures(db, REAL_CURRENCY);
  const walletFigures = new WalletTeamFigures(db);
  const team = new AgentTeamService(db, members, audit, {
    payments: (agentId, range) => paymentFigures.byDay(agentId, range, REAL_CURRENCY),
    play: (agentId, range) => walletFigures.playByDay(agentId, range, REAL_CURRENCY),
    balances: (ids) => walletFigures.cashBalances(ids, REAL_CURRENCY),
    lines: (agentId, query) => walletFigures.teamLines(agentId, query, REAL_CURRENCY),
    memberPlay: memberPlaySql(REAL_CURRENCY),
    memberPage: (agentId, query) => periodPage(db, agentId, query, REAL_CURRENCY),
    teamMoney: (agentId, range, ids) => paymentFigures.memberMoney(agentId, range, REAL_CURRENCY, ids),
    monthMoney: {
      members: (agentId, range) => paymentFigures.monthMembers(agentId, range, REAL_CURRENCY),
      money: (agentId, range, ids) => paymentFigures.monthMoney(agentId, range, REAL_CURRENCY, ids),
    },
    memberMoney: memberMoneySql(REAL_CURRENCY),
    catalogue: () => services.vendors.reportFilters(),
    withdrawalOrders: (entryIds) => paymentFigures.withdrawalOrders(entryIds),
  });
  const registerCentre = new RegisterCentre(
    db,
    members,
    audit,
    (agentId) => paymentFigures.byInviteCode(agentId, REAL_CURRENCY),
    // The contracts module registers below; an offer is only asked for once requests come.
    (agentId, contract) => contractModule.contracts.offerToNewDownline(agentId, contract.type, contract.terms),
  );
  await app.register(agentRoutes, {
    team,
    registerCentre,
    notices: (language) => services.cms.agentNotices(language),
    auth: auth.sessions,
  });
  await app.register(agentAdminRoutes, { team, admins: services.admins });
  const contractModule = await registerContracts(app, {
    db,
    audit,
    jobs,
    auth: auth.sessions,
    admins: services.admins,
    sources: contractSources,
    windows: contractJobs({
      dailyWageWindowMs: config.CONTRACT_DAILY_WAGE_WINDOW_MS,
      settleDelayMs: config.CONTRACT_SETTLE_DELAY_MS,
    }),
  });
  app.decorate('contracts', { ...contractModule, sources: contractSources });
  await app.register(outboxRoutes, { messaging, admins: services.admins });
  await app.register(auditRoutes, { log: new AuditLog(db), admins: services.admins });
  await app.register(jobAdminRoutes, { admins: services.admins, audit, deadLetters: jobs.deadLetters });
  await registerWebApp(app, web, createBootDataSource(services.system, services.cms, services.vendors));

  return app;
}

/**
 * Background jobs run from start-up (once every module has declared its kinds) until shut-down begins, so that a
 * job still running may finish while the app can still serve it (the house games' jobs call its own API).
 */
function registerJobs(app: FastifyInstance, jobs: Jobs) {
  app.addHook('onReady', () => jobs.start());
  app.addHook('preClose', () => jobs.stop());
}

/**
 * How long a node may trust a session it read. A logout on one node must be refused by the next request on any
 * node. Within one process (the embedded database) the store forgets the session before the logout answers. The
 * news of a logout is not awaited by its answer, though: with Redis its delivery (well under a millisecond as a rule)
 * races the client's next call, a race accepted for the load Redis takes off the database; without Redis on
 * PostgreSQL, sessions and locks are never only in memory, so every request reads its session.
 */
function sessionRecheckMs(config: Config, sessionChanges: Broadcast): number {
  return sessionChanges.reach === 'postgres' ? 0 : config.SESSION_RECHECK_MS;
}

/** Broadcasts listen from start-up to shut-down. */
function registerBroadcasts(app: FastifyInstance, broadcasts: Broadcast[]) {
  app.addHook('onReady', async () => {
    await Promise.all(broadcasts.map((broadcast) => broadcast.start()));
  });
  app.addHook('onClose', async () => {
    await Promise.all(broadcasts.map((broadcast) => broadcast.stop()));
  });
}

function socialProviders(config: Config): Partial<Record<'google' | 'facebook', SocialProviderConfig>> {
  const providers: Partial<Record<'google' | 'facebook', SocialProviderConfig>> = {};
  if (config.SOCIAL_GOOGLE_CLIENT_ID && config.SOCIAL_GOOGLE_CLIENT_SECRET) {
    providers.google = {
      issuer: config.SOCIAL_GOOGLE_ISSUER,
      clientId: config.SOCIAL_GOOGLE_CLIENT_ID,
      clientSecret: config.SOCIAL_GOOGLE_CLIENT_SECRET,
    };
  }
  if (config.SOCIAL_FACEBOOK_CLIENT_ID && config.SOCIAL_FACEBOOK_CLIENT_SECRET) {
    providers.facebook = {
      issuer: config.SOCIAL_FACEBOOK_ISSUER,
      clientId: config.SOCIAL_FACEBOOK_CLIENT_ID,
      clientSecret: config.SOCIAL_FACEBOOK_CLIENT_SECRET,
    };
  }
  return providers;
}

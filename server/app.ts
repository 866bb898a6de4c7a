// Builds the Fastify instance: the one place where plugins and routes are put together (tests build it too).
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { maxFunctionBodyBytes, requestErrors } from "../contracts/function-result.ts";
import { functionsBase } from "../contracts/functions.ts";
import type { SessionPolicy } from "./admin/auth.ts";
import type { ScryptParameters } from "./admin/passwords.ts";
import { defaultReportLimits, type ReportLimits } from "./admin/report-limits.ts";
import type { SignInLimits } from "./admin/sign-in-limiter.ts";
import { parseJsonBodies } from "./content-types.ts";
import type { AppDatabase } from "./db/database.ts";
import { rateLimitCountersRepository } from "./db/repositories/rate-limit-counters.ts";
import { type Env, servesHttpsOnly } from "./env.ts";
import { sendErrorAnswer, setErrorHandler } from "./error-handler.ts";
import { frameworkAnswers } from "./framework-answers.ts";
import type { SmtpTimeouts } from "./mail/transport.ts";
import type { OutboxTuning } from "./outbox/worker.ts";
import adminApi, { type AdminRouteInfo } from "./plugins/admin-api.ts";
import adminAuth from "./plugins/admin-auth.ts";
import consoleEvents, { type ConsoleEventsPluginOptions } from "./plugins/console-events.ts";
import database from "./plugins/database.ts";
import forwardedForWarning from "./plugins/forwarded-for-warning.ts";
import functions from "./plugins/functions.ts";
import helmet from "./plugins/helmet.ts";
import keystatic, { keystaticApiPrefix } from "./plugins/keystatic.ts";
import leads from "./plugins/leads.ts";
import mailer from "./plugins/mailer.ts";
import metrics from "./plugins/metrics.ts";
import outbox from "./plugins/outbox.ts";
import rateLimits from "./plugins/rate-limits.ts";
import readiness, { probePaths } from "./plugins/readiness.ts";
import rollupWorker from "./plugins/rollup-worker.ts";
import site from "./plugins/site.ts";
import visitRetention from "./plugins/visit-retention.ts";
import { AccessLogController, requestId } from "./request-logging.ts";
import { ContactPage } from "./site/contact-page.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The contact page answered after a no-JavaScript post (null without a site build). */
    contactPage: ContactPage | null;
  }
}

/** What differs between deployments: the configuration, the database, the site build and the logger. */
export interface AppOptions {
  env: Env;
  /**
   * The open, migrated database (the caller closes it after the app). Without it the server functions are not
   * served (a site-only instance, as the page benchmark builds).
   */
  database?: AppDatabase | undefined;
  /** Build directory (client/ and site-manifest.json); without it only the server functions are served. */
  buildDir?: string | undefined;
  logger?: FastifyServerOptions["logger"];
  /** For tests only; production leaves it out. */
  testing?: TestingOptions | undefined;
}

/**
 * The one place where tests shorten the server's timings and move its clocks, so a test of a 30-second limit or a
 * 12-hour session runs in milliseconds. Each field replaces the production value it names.
 */
export interface TestingOptions {
  /** Client time limits (headers, whole request, idle and keep-alive sockets). */
  timeouts?: Partial<Timeouts>;
  /** The outbox worker's polling, lease and retry timing (its clock is `now` unless it names one). */
  outbox?: Partial<OutboxTuning>;
  /** How long the SMTP client waits for a connection, the greeting and a reply. */
  smtpTimeouts?: SmtpTimeouts;
  /** The live stream's heartbeat and the "visitors now" clock. */
  consoleEvents?: ConsoleEventsPluginOptions;
  /** Admin session lifetimes. */
  sessionPolicy?: SessionPolicy;
  /**
   * scrypt's cost for new password hashes. Tests lighten it: at production cost one hash took 0.3 s of a core, and
   * the console's tests hash and verify hundreds of times.
   */
  passwordHashing?: ScryptParameters;
  /** Failed sign-ins allowed per address, account and device. */
  signInLimits?: SignInLimits;
  /** Console reports and exports allowed per person and at once. */
  reportLimits?: ReportLimits;
  /** Password checks wait for it before they run (to hold them while a test looks at the bound). */
  passwordChecksHeld?: () => Promise<void>;
  /** The clock of the admin sessions, the sign-in limits and the outbox. */
  now?: () => number;
  /** Told every admin API route and the permission it needs, as it is registered (the role matrix walks them). */
  adminRoutes?: (route: AdminRouteInfo) => void;
  /** The receivers' time limit. */
  webhookTimeoutMs?: number;
}

export interface Timeouts {
  /** All request headers must arrive within this. */
  headersMs: number;
  /** The whole request (headers and body) must arrive within this. */
  requestMs: number;
  /**
   * A socket with no traffic for this long is closed; never before a stalled request has had its 408 (buildApp
   * keeps this above requestMs and the interval at which Node checks that).
   */
  idleMs: number;
  /**
   * Keep-alive sockets between requests are closed after this: longer than a proxy or load balancer keeps an idle
   * upstream connection (nginx 60 s, cloud load balancers 60 s), so the server never closes one under it.
   */
  keepAliveMs: number;
}

export const defaultTimeouts: Timeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  idleMs: 30_000,
  keepAliveMs: 72_000,
};

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env, testing = {} } = options;
  const timeouts = { ...defaultTimeouts, ...testing.timeouts };
  const hsts = servesHttpsOnly(env);
  const checkIntervalMs = Math.min(1_000, timeouts.headersMs);
  // The idle limit closes a socket without a word; a request whose body stalls must meet the request limit first.
  const idleMs = Math.max(timeouts.idleMs, timeouts.requestMs + 2 * checkIntervalMs);
  const app = Fastify({
    logger: options.logger ?? false,
    // The health probes are not logged: a load balancer calls them every few seconds.
    logController: new AccessLogController({
      disableRequestLogging: (request) => probePaths.has(request.url),
    }),
    trustProxy: env.TRUST_PROXY,
    genReqId: requestId,
    // Slow clients are cut off rather than holding sockets open: headers, whole request, idle socket. Node checks
    // the header and request limits every connectionsCheckingInterval.
    http: {
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: checkIntervalMs,
    },
    requestTimeout: timeouts.requestMs,
    connectionTimeout: idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    bodyLimit: maxFunctionBodyBytes,
    onProtoPoisoning: "error",
    onConstructorPoisoning: "error",
    return503OnClosing: true,
    ...frameworkAnswers({ hsts }),
  });
  // Routes declare their input as the contracts' zod schemas; the error handler words what a schema refuses.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  parseJsonBodies(app);
  setErrorHandler(app);
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    done();
  });

  app.decorate("contactPage", await ContactPage.load(options.buildDir));
  await app.register(helmet, { hsts });
  await app.register(rateLimits, {
    enabled: env.RATE_LIMIT === "on",
    counters:
      options.database?.dialect === "postgres"
        ? rateLimitCountersRepository(options.database)
        : undefined,
  });
  if (env.TRUST_PROXY === false) await app.register(forwardedForWarning);
  await app.register(readiness);
  if (options.database) {
    await app.register(database, {
      database: options.database,
      timeZone: env.ANALYTICS_TIME_ZONE,
    });
    await app.register(visitRetention, { days: env.VISIT_RETENTION_DAYS, now: testing.now });
    await app.register(rollupWorker, { intervalMs: env.ROLLUP_INTERVAL_MS });
    await app.register(consoleEvents, testing.consoleEvents ?? {});
    await app.register(mailer, { env, smtpTimeouts: testing.smtpTimeouts });
    await app.register(leads, {
      env,
      now: testing.now,
      http: testing.webhookTimeoutMs === undefined ? {} : { timeoutMs: testing.webhookTimeoutMs },
    });
    await app.register(outbox, { env, tuning: { now: testing.now, ...testing.outbox } });
    await app.register(metrics, { token: env.METRICS_TOKEN });
    await app.register(functions, { prefix: functionsBase, corsOrigins: env.CORS_ORIGINS });
    await app.register(adminAuth, {
      env,
      sessionPolicy: testing.sessionPolicy,
      passwordHashing: testing.passwordHashing,
      now: testing.now,
    });
    await app.register(adminApi, {
      prefix: "/admin/api",
      siteUrl: env.SITE_URL,
      signInLimits: testing.signInLimits,
      passwordChecksHeld: testing.passwordChecksHeld,
      // A benchmark's loop of reports is one person's: RATE_LIMIT=off lifts the per-person windows, not the bound
      // on reports at once.
      reportLimits:
        testing.reportLimits ??
        (env.RATE_LIMIT === "off" ? { ...defaultReportLimits, perPerson: [] } : undefined),
      now: testing.now,
      onRoute: testing.adminRoutes,
    });
  }
  // The content editor's API exists only where KEYSTATIC_MODE says so (docs/content.md); elsewhere a 404.
  if (env.KEYSTATIC_MODE !== "off") {
    await app.register(keystatic, {
      prefix: keystaticApiPrefix,
      mode: env.KEYSTATIC_MODE,
      contentRoot: process.env.CONTENT_ROOT ?? process.cwd(),
    });
  }
  if (options.buildDir !== undefined) {
    await app.register(site, {
      buildDir: options.buildDir,
      adminConsole: options.database !== undefined,
    });
  } else {
    app.setNotFoundHandler((_request, reply) =>
      sendErrorAnswer(reply, "functions", 404, requestErrors.notFound),
    );
  }
  return app;
}

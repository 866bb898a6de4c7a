// The one SMTP transporter of the process: nodemailer's pool over SMTP_URL (smtps://, or smtp:// with STARTTLS
// required; credentials and nodemailer options in the URL), with bounded waits so that a server that does not answer cannot hold a send
// for long. Errors are sorted into what they say about the cause (ADR 5).
import nodemailer, { type SendMailOptions } from "nodemailer";
import type { MailFailure } from "../db/repositories/outbox.ts";

export interface SentMail {
  /** The server's final reply. */
  response: string;
  /** Recipients the server refused while accepting the message for the others. */
  rejected: string[];
}

/** What the outbox worker needs from a transport. */
export interface MailTransport {
  /** Sends one message; `signal` cuts the attempt short (it may still have reached the server). */
  send(mail: SendMailOptions, signal: AbortSignal): Promise<SentMail>;
  /** Connects (and logs in) without sending: is the server there again? */
  verify(): Promise<void>;
  close(): void;
}

export interface SmtpTimeouts {
  /** To open the TCP (or TLS) connection. */
  connectionMs: number;
  /** From connecting to the server's greeting. */
  greetingMs: number;
  /** Of silence on an open connection. */
  socketMs: number;
}

export const defaultSmtpTimeouts: SmtpTimeouts = {
  connectionMs: 10_000,
  greetingMs: 10_000,
  socketMs: 60_000,
};

/**
 * How an SMTP_URL protects the login and the messages: smtps:// is TLS from the start; smtp:// requires STARTTLS
 * (nodemailer's requireTLS: a server, or an attacker on the way, that does not offer it gets nothing) unless the
 * URL opts out with `?requireTLS=false`, for a local mail catcher only.
 */
export type SmtpTls = "implicit" | "starttls-required" | "plaintext-allowed";

export function smtpTls(url: string): SmtpTls {
  const parsed = new URL(url);
  if (parsed.protocol === "smtps:") return "implicit";
  return parsed.searchParams.get("requireTLS") === "false"
    ? "plaintext-allowed"
    : "starttls-required";
}

/** Connections the pool opens at most (they carry up to 100 messages each). */
export const smtpMaxConnections = 2;

export function smtpTransport(
  url: string,
  timeouts: SmtpTimeouts = defaultSmtpTimeouts,
): MailTransport {
  const transporter = nodemailer.createTransport({
    pool: true,
    url,
    maxConnections: smtpMaxConnections,
    // Options in the URL override this: only `requireTLS=false` there turns it off (see smtpTls).
    requireTLS: smtpTls(url) === "starttls-required",
    maxMessages: 100,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
    // The worker decides about retries: a message the pool could not hand over fails at once.
    maxRequeues: 0,
    logger: false,
  });
  return {
    async send(mail, signal) {
      const info = await transporter.sendMail({ ...mail, signal });
      return { response: info.response, rejected: info.rejected ?? [] };
    },
    async verify() {
      await transporter.verify();
    },
    close() {
      transporter.close();
    },
  };
}

interface SmtpErrorLike {
  message?: unknown;
  code?: unknown;
  responseCode?: unknown;
  response?: unknown;
  command?: unknown;
}

/**
 * An SMTP reply to this message (4xx transient, 5xx permanent), or no reply at all: the server was unreachable,
 * did not answer in time, closed the channel (421), or refused the connection's credentials or TLS
 * ("connection": every message would fail the same way until that is fixed). The text keeps the code and the server's reply, never credentials.
 */
export function classifyMailError(error: unknown): MailFailure {
  const e = (typeof error === "object" && error !== null ? error : {}) as SmtpErrorLike;
  const code = typeof e.code === "string" ? e.code : undefined;
  const responseCode = typeof e.responseCode === "number" ? e.responseCode : undefined;
  const message =
    typeof e.response === "string" && e.response
      ? e.response
      : typeof e.message === "string"
        ? e.message
        : String(error);
  const text = [code, typeof e.command === "string" ? e.command : undefined, message]
    .filter(Boolean)
    .join(": ");
  const connectionCodes = ["EAUTH", "ENOAUTH", "ETLS", "EREQUIRETLS"];
  // 421: the server is closing the channel (busy, shutting down), whatever the message.
  if (
    responseCode === undefined ||
    responseCode === 421 ||
    (code !== undefined && connectionCodes.includes(code))
  ) {
    return { kind: "connection", error: text };
  }
  return { kind: responseCode >= 500 ? "permanent" : "transient", error: text };
}

// A real SMTP server in the test process (the smtp-server package) that the mail tests deliver to. It keeps every
// accepted message, can be taken down and brought back on the same port, can refuse chosen recipients as a mail
// server refuses an unknown mailbox, and can answer DATA with a chosen reply (4xx, 5xx), answer slowly, or not
// answer at all.
import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

/** The Message-IDs (sorted) of the e-mails of these contact messages: each delivery of one carries the same. */
export function contactMailIds(messageIds: readonly string[]): string[] {
  return messageIds.map((id) => `<contact.${id}@boothpilot.example>`).sort();
}

export interface ReceivedMail {
  raw: string;
  envelope: { from: string; to: string[] };
  user: string | undefined;
}

export type SmtpBehaviour =
  /** 250: the message is accepted and kept. */
  | { kind: "accept"; delayMs?: number }
  /** DATA is answered with this code (the message is not kept). */
  | { kind: "reply"; code: number; text: string }
  /** The connection is accepted and never greeted. */
  | { kind: "silent" };

export interface TestSmtpOptions {
  user?: string;
  pass?: string;
  /** Implicit TLS (smtps://) with smtp-server's built-in test certificate. */
  secure?: boolean;
  /** smtp:// offering STARTTLS (the built-in test certificate); without it the URL opts out of TLS. */
  starttls?: boolean;
}

export class TestSmtp {
  readonly received: ReceivedMail[] = [];
  behaviour: SmtpBehaviour = { kind: "accept" };
  /** Addresses refused at RCPT TO with 550 5.1.1, the reply quoting the address as real servers do. */
  refusedRecipients: string[] = [];
  /** DATA commands answered (accepted or refused). */
  dataCommands = 0;
  /** Connections accepted. */
  connections = 0;
  /** Logins tried (AUTH commands), right or wrong. */
  authAttempts = 0;
  port = 0;
  readonly #options: TestSmtpOptions;
  #server: SMTPServer | undefined;

  private constructor(options: TestSmtpOptions) {
    this.#options = options;
  }

  static async start(options: TestSmtpOptions = {}): Promise<TestSmtp> {
    const smtp = new TestSmtp(options);
    await smtp.up();
    return smtp;
  }

  /** smtp(s)://user:pass@127.0.0.1:port */
  get url(): string {
    const { user, pass, secure, starttls } = this.#options;
    const auth = user ? `${encodeURIComponent(user)}:${encodeURIComponent(pass ?? "")}@` : "";
    // A server without STARTTLS is a local catcher: the URL must opt out of TLS explicitly.
    const tls = secure || starttls ? "?tls.rejectUnauthorized=false" : "?requireTLS=false";
    return `${secure ? "smtps" : "smtp"}://${auth}127.0.0.1:${this.port}${tls}`;
  }

  /**
   * The environment that has the app e-mail its contact messages here, to the team, from the website. The weekly
   * report is off: a server that listens would send last week's too, and these tests count contact mails (the
   * weekly report's tests turn it on).
   */
  mailEnv(): Record<string, string> {
    return {
      SMTP_URL: this.url,
      MAIL_TO: "team@boothpilot.example",
      MAIL_FROM: "web@boothpilot.example",
      WEEKLY_REPORT: "off",
      // The tests of the acknowledgement turn it on; the others count only the team's e-mails.
      ACK_EMAIL: "off",
    };
  }

  get isUp(): boolean {
    return this.#server !== undefined;
  }

  /** Message-ID header values of the accepted messages. */
  messageIds(): string[] {
    return this.received.map((mail) => /^message-id:\s*(.+)$/im.exec(mail.raw)?.[1]?.trim() ?? "");
  }

  /** Listens (again, on the same port once it has one). */
  async up(): Promise<void> {
    if (this.#server) return;
    const { user, pass, secure, starttls } = this.#options;
    const options: SMTPServerOptions = {
      secure: secure ?? false,
      logger: false,
      disabledCommands: secure || starttls ? [] : ["STARTTLS"],
      authOptional: !user,
      allowInsecureAuth: true,
      disableReverseLookup: true,
      socketTimeout: 30_000,
      closeTimeout: 100,
      onAuth: (auth, _session, callback) => {
        this.authAttempts++;
        if (auth.username === user && auth.password === pass) {
          callback(null, { user: auth.username });
        } else {
          callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
        }
      },
      onConnect: (_session, callback) => {
        this.connections++;
        // Never greeted: the client waits for its greeting timeout.
        if (this.behaviour.kind !== "silent") callback();
      },
      onRcptTo: (address, _session, callback) => {
        if (!this.refusedRecipients.includes(address.address)) return callback();
        callback(
          Object.assign(
            new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`),
            { responseCode: 550 },
          ),
        );
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          this.dataCommands++;
          const behaviour = this.behaviour;
          if (behaviour.kind === "reply") {
            callback(Object.assign(new Error(behaviour.text), { responseCode: behaviour.code }));
            return;
          }
          const keep = () => {
            this.received.push({
              raw: Buffer.concat(chunks).toString("utf8"),
              envelope: {
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
                to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              },
              user: typeof session.user === "string" ? session.user : undefined,
            });
            callback();
          };
          if (behaviour.kind === "accept" && behaviour.delayMs) {
            setTimeout(keep, behaviour.delayMs);
          } else keep();
        });
      },
    };
    const server = new SMTPServer(options);
    server.on("error", () => {});
    await new Promise<void>((resolve, reject) => {
      server.server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => {
        server.server.off("error", reject);
        resolve();
      });
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.#server = server;
  }

  /** Stops listening and drops open connections: clients get "connection refused". */
  async down(): Promise<void> {
    const server = this.#server;
    if (!server) return;
    this.#server = undefined;
    // Open connections are closed after closeTimeout (100 ms).
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  close(): Promise<void> {
    return this.down();
  }
}

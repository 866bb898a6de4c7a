// The audience of a visit: fixed user agents and addresses, and every sampled address against the data's own rows.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { BlockList } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { byUserAgent } from "./by-user-agent.ts";
import { countryOf, loadCountries, reservedRanges } from "./country.ts";
import { deviceOf } from "./device.ts";

const userAgents = {
  windowsChrome:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  windowsEdge:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
  macSafari:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  iPhoneSafari:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  iPadSafari:
    "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  androidPhoneChrome:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36",
  androidPhoneSamsung:
    "Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
  androidTabletChrome:
    "Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Safari/537.36",
  linuxFirefox: "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0",
  chromebook:
    "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  googlebot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  curl: "curl/8.5.0",
};

describe("deviceOf", () => {
  it.each([
    ["windowsChrome", "desktop", "Chrome", "Windows"],
    ["windowsEdge", "desktop", "Edge", "Windows"],
    ["macSafari", "desktop", "Safari", "macOS"],
    ["iPhoneSafari", "mobile", "Safari", "iOS"],
    ["iPadSafari", "tablet", "Safari", "iOS"],
    ["androidPhoneChrome", "mobile", "Chrome", "Android"],
    ["androidPhoneSamsung", "mobile", "Samsung Internet", "Android"],
    ["androidTabletChrome", "tablet", "Chrome", "Android"],
    ["linuxFirefox", "desktop", "Firefox", "Linux"],
    ["chromebook", "desktop", "Chrome", "ChromeOS"],
    ["googlebot", "other", "Googlebot", ""],
    ["curl", "other", "", ""],
  ] as const)("%s: %s, %s, %s", (name, device, browser, os) => {
    expect(deviceOf(userAgents[name])).toEqual({ device, browser, os });
  });

  it("an empty or blank user agent is unknown", () => {
    expect(deviceOf("")).toEqual({ device: "other", browser: "", os: "" });
    expect(deviceOf("   ")).toEqual({ device: "other", browser: "", os: "" });
  });

  it("a made-up browser name is cut to 40 characters, without control characters", () => {
    const { browser } = deviceOf(`${"B\u0001".repeat(100)}/1.0 (X)`);
    expect(browser).toBe("B".repeat(40));
  });

  it("only the first 512 characters of a user agent are read", () => {
    expect(deviceOf(`${userAgents.windowsChrome}${" ".repeat(16_000)}`).browser).toBe("Chrome");
    expect(deviceOf(`${"x".repeat(512)}${userAgents.windowsChrome}`).browser).toBe("");
  });
});

describe("byUserAgent", () => {
  it("reads a user agent once, and again after a thousand others have filled its memory", () => {
    const reads: string[] = [];
    const lengthOf = byUserAgent((userAgent) => {
      reads.push(userAgent);
      return userAgent.length;
    });
    expect([lengthOf("abc"), lengthOf("abc"), lengthOf("abcd")]).toEqual([3, 3, 4]);
    expect(reads).toEqual(["abc", "abcd"]);
    for (let n = 0; n < 1_000; n++) lengthOf(`agent ${n}`);
    expect(lengthOf("abc")).toBe(3);
    expect(reads.filter((userAgent) => userAgent === "abc")).toHaveLength(2);
  });

  it("a device read again after a thousand other user agents is the same", () => {
    const first = deviceOf(userAgents.iPhoneSafari);
    for (let n = 0; n < 1_001; n++)
      deviceOf(`Mozilla/5.0 (X11; Linux x86_64; rv:${n}.0) Firefox/${n}.0`);
    expect(deviceOf(userAgents.iPhoneSafari)).toEqual(first);
    expect(first).toEqual({ device: "mobile", browser: "Safari", os: "iOS" });
  });
});

describe("countryOf", () => {
  beforeAll(() => loadCountries());

  // What the pinned data package says (its rows quoted), not what a registry would answer today.
  it.each([
    ["8.8.8.8", "US"], // 6.0.0.0,8.10.5.255,US
    ["193.0.6.139", "NL"], // 193.0.0.0,193.0.23.255,NL (RIPE NCC, Amsterdam)
    ["202.12.27.33", "JP"], // 202.12.26.0,202.12.28.255,JP (M-root, WIDE, Tokyo)
    ["2001:67c:2e8:22::c100:68b", "NL"], // 2001:67c:2e8::,2001:67c:2e8:ffff:ffff:ffff:ffff:ffff,NL
    ["2001:4860:4860::8888", "US"], // 2001:4860::,2001:4860:ffff:ffff:ffff:ffff:ffff:ffff,US
  ])("%s is %s", (address, country) => {
    expect(countryOf(address)).toBe(country);
  });

  it("reads every notation of an address alike", () => {
    for (const address of [
      "2001:067c:02e8:0022:0000:0000:c100:068b",
      "2001:67C:2E8:22:0:0:C100:68B",
      "2001:67c:2e8:22::c100:68b%eth0",
      "2001:67c:2e8:22::193.0.6.139",
    ]) {
      expect(countryOf(address), address).toBe("NL");
    }
    expect(countryOf("::ffff:193.0.6.139")).toBe("NL");
    expect(countryOf("::ffff:c100:68b")).toBe("NL");
    expect(countryOf("0:0:0:0:0:ffff:202.12.27.33")).toBe("JP");
  });

  it("a range inside another wins where it lies, and the outer one resumes after it", () => {
    // 2.58.196.0,2.58.197.255,DE then 2.58.197.15,2.58.197.15,BE
    expect(["2.58.197.14", "2.58.197.15", "2.58.197.16"].map(countryOf)).toEqual([
      "DE",
      "BE",
      "DE",
    ]);
  });

  it.each([
    "127.0.0.1",
    "10.0.0.1",
    "192.168.1.1", // the data says AU
    "172.16.0.1", // the data says AU
    "100.64.0.1",
    "169.254.1.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "::ffff:127.0.0.1",
    "::ffff:192.168.1.1",
    "fe80::1%eth0",
    "fd00::1",
    "2001:db8::1", // the data says JP
    "ff02::1",
  ])("%s is reserved: no country", (address) => {
    expect(countryOf(address)).toBe("");
  });

  it.each([
    "not-an-ip",
    "",
    " 8.8.8.8",
    "8.8.8.8:443",
    "[2001:4860:4860::8888]",
    "1.2.3",
    "256.1.1.1",
  ])("%j is no address: no country", (text) => {
    expect(countryOf(text)).toBe("");
  });
});

/*
 * Against the data itself: a slow reference reads the package's numeric CSV files (the module reads the dotted
 * ones), and gives an address the country of the last row begun that covers it (of rows that begin together, the
 * narrowest). Sampled addresses are the ends of rows and their neighbours, and every row that nests.
 */
describe("countryOf agrees with the data's rows", () => {
  const dataFile = (name: string) =>
    readFileSync(
      createRequire(import.meta.url).resolve(`@ip-location-db/geo-whois-asn-country/${name}`),
      "utf8",
    );
  const rowsOf = (name: string) =>
    dataFile(name)
      .trim()
      .split("\n")
      .map((line) => {
        const [first = "", last = "", country = ""] = line.split(",");
        return { first: BigInt(first), last: BigInt(last), country };
      });
  type Row = ReturnType<typeof rowsOf>[number];

  /** The rows, and for each the furthest any row up to it reaches: where a search back can stop. */
  const indexed = (rows: Row[]) => {
    expect(rows.every((row, index) => index === 0 || rows[index - 1]!.first <= row.first)).toBe(
      true,
    );
    let reach = -1n;
    return { rows, reach: rows.map((row) => (reach = row.last > reach ? row.last : reach)) };
  };

  const reference = ({ rows, reach }: ReturnType<typeof indexed>, address: bigint) => {
    // The last row that begins at or before the address (the rows are sorted by first address).
    let low = 0;
    let high = rows.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (rows[middle]!.first <= address) low = middle + 1;
      else high = middle - 1;
    }
    let index = high;
    let best: Row | undefined;
    for (; index >= 0 && (reach[index] ?? -1n) >= address; index--) {
      const row = rows[index]!;
      if (best && row.first < best.first) break;
      if (address <= row.last && (!best || row.last < best.last)) best = row;
    }
    return best?.country ?? "";
  };

  /** The module's reserved ranges, matched by Node's own code. */
  const reserved = new BlockList();
  for (const family of ["ipv4", "ipv6"] as const) {
    for (const cidr of reservedRanges[family]) {
      const [network = "", prefix = ""] = cidr.split("/");
      reserved.addSubnet(network, Number(prefix), family);
    }
  }

  /** Every `stride`th row, and every row that begins inside the one before it. */
  const samples = (rows: Row[], stride: number, max: bigint) => {
    const addresses = new Set<bigint>();
    rows.forEach((row, index) => {
      const previous = rows[index - 1];
      if (index % stride === 0 || (previous && row.first <= previous.last)) {
        for (const address of [row.first - 1n, row.first, row.last, row.last + 1n]) {
          if (address >= 0n && address <= max) addresses.add(address);
        }
      }
    });
    return [...addresses];
  };

  const ipv4Text = (address: bigint) =>
    [24n, 16n, 8n, 0n].map((shift) => (address >> shift) & 255n).join(".");
  const ipv6Text = (address: bigint) =>
    [112n, 96n, 80n, 64n, 48n, 32n, 16n, 0n]
      .map((shift) => ((address >> shift) & 0xffffn).toString(16))
      .join(":");

  /** Sampled addresses of a family where countryOf, in any of the notations, differs from the reference. */
  const disagreements = (family: "ipv4" | "ipv6", notations: (address: bigint) => string[]) => {
    const rows = rowsOf(`geo-whois-asn-country-${family}-num.csv`);
    const data = indexed(rows);
    const addresses = samples(rows, 100, family === "ipv4" ? 2n ** 32n - 1n : 2n ** 128n - 1n);
    const wrong = addresses.flatMap((address) => {
      const texts = notations(address);
      const expected = reserved.check(texts[0] ?? "", family) ? "" : reference(data, address);
      const answers = texts.map((text) => countryOf(text));
      return answers.every((answer) => answer === expected) ? [] : [{ texts, expected, answers }];
    });
    return { sampled: addresses.length, wrong };
  };

  it("IPv4, and the same addresses mapped into IPv6", () => {
    const { sampled, wrong } = disagreements("ipv4", (address) => {
      const text = ipv4Text(address);
      return [text, `::ffff:${text}`];
    });
    expect(sampled).toBeGreaterThan(10_000);
    expect(wrong).toEqual([]);
  });

  it("IPv6, written in full and compressed", () => {
    const { sampled, wrong } = disagreements("ipv6", (address) => {
      const text = ipv6Text(address);
      return [text, new URL(`http://[${text}]/`).hostname.slice(1, -1)];
    });
    expect(sampled).toBeGreaterThan(5_000);
    expect(wrong).toEqual([]);
  });
});

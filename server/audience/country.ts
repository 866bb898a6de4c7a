// A visit's country from the client address, through an IP-to-country table loaded in a worker thread; the
// address is never kept.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { isIP } from "node:net";
import { Worker } from "node:worker_threads";

/*
 * Countries: @ip-location-db/geo-whois-asn-country, address ranges in CSV (`first,last,CC`, both ends inclusive,
 * sorted by first address), one file per family. The npm package is marked CC0-1.0, but its README and
 * NRO_LICENSE say the WHOIS and ASN data it is built from are the NRO's, under CC BY 4.0, which asks for
 * attribution to nro.net. The README also warns that the data published on npm has errors (192.168.0.0/16 is
 * AU in it), so reserved ranges are answered "" whatever the data says.
 */
const dataPackage = "@ip-location-db/geo-whois-asn-country";

/** Words per address: one 32-bit word for IPv4, four for IPv6, most significant first. */
type Width = 1 | 4;

/** One family's map: the sorted addresses where a country starts, and that country up to the next start. */
export interface CountryTable {
  width: Width;
  starts: Uint32Array<ArrayBuffer>;
  /** Two char codes ("US": 0x5553); 0 where no country is known. */
  countries: Uint16Array<ArrayBuffer>;
}

export interface CountryTables {
  ipv4: CountryTable;
  ipv6: CountryTable;
}

let tables: CountryTables | undefined;
let loading: Promise<void> | undefined;

const colon = 0x3a;
const dot = 0x2e;
const comma = 0x2c;
const newline = 0x0a;
const carriageReturn = 0x0d;

/*
 * The parsers read ASCII bytes, the form the data files are read in: decoding their 23 MB into strings first cost
 * about as much as parsing them.
 */

/** The dotted IPv4 address in text[start, end), as net.isIPv4 accepts it, as one number. */
function ipv4Value(text: Uint8Array, start: number, end: number): number {
  let word = 0;
  let part = 0;
  for (let i = start; i < end; i++) {
    const char = text[i]!;
    if (char === dot) {
      word = word * 256 + part;
      part = 0;
    } else part = part * 10 + char - 0x30;
  }
  return word * 256 + part;
}

/** The groups of the IPv6 address being read; parsing happens one address at a time. */
const groups = new Uint16Array(8);

/**
 * Writes the address in text[start, end) into out[at..]: a dotted IPv4 address in one word, or an IPv6 address
 * without its zone in four, as net.isIP accepts them. Parsed by hand rather than split apart: loading the data
 * parses 1.1 million of them.
 */
function addressInto(
  width: Width,
  text: Uint8Array,
  start: number,
  end: number,
  out: Uint32Array,
  at: number,
): void {
  if (width === 1) {
    out[at] = ipv4Value(text, start, end);
    return;
  }
  let count = 0;
  let gap = -1;
  let value = 0;
  let digits = 0;
  let groupStart = start;
  for (let i = start; i < end; i++) {
    const char = text[i]!;
    if (char === colon) {
      if (digits > 0) groups[count++] = value;
      value = 0;
      digits = 0;
      if (i + 1 < end && text[i + 1] === colon) {
        gap = count;
        i++;
      }
      groupStart = i + 1;
    } else if (char === dot) {
      // The last 32 bits written as an IPv4 address (`::ffff:1.2.3.4`): read that group again as one.
      const word = ipv4Value(text, groupStart, end);
      groups[count++] = word >>> 16;
      groups[count++] = word & 0xffff;
      digits = 0;
      break;
    } else {
      value = value * 16 + (char <= 0x39 ? char - 0x30 : (char | 0x20) - 0x57);
      digits++;
    }
  }
  if (digits > 0) groups[count++] = value;
  // The groups "::" stands for (none when there is no "::", as then all eight were written).
  const zeros = 8 - count;
  const group = (index: number) =>
    index < gap ? groups[index]! : index < gap + zeros ? 0 : groups[index - zeros]!;
  for (let word = 0; word < 4; word++) {
    out[at + word] = group(2 * word) * 0x10000 + group(2 * word + 1);
  }
}

/** Orders the address at a[i..] against the one at b[j..]: negative, 0 or positive. */
function compare(width: Width, a: Uint32Array, i: number, b: Uint32Array, j: number): number {
  for (let word = 0; word < width; word++) {
    const order = a[i + word]! - b[j + word]!;
    if (order !== 0) return order;
  }
  return 0;
}

/** A range of addresses, as a prefix of `bits` bits. */
interface Block {
  words: Uint32Array;
  bits: number;
}

function blocks(width: Width, cidrs: readonly string[]): Block[] {
  return cidrs.map((cidr) => {
    const slash = cidr.indexOf("/");
    const words = new Uint32Array(width);
    addressInto(width, ascii(cidr), 0, slash, words, 0);
    return { words, bits: Number(cidr.slice(slash + 1)) };
  });
}

/**
 * Addresses no visitor's country can be read from: those the IANA special-purpose address registries mark not
 * globally reachable.
 */
export const reservedRanges = {
  ipv4: [
    "0.0.0.0/8",
    "10.0.0.0/8",
    "100.64.0.0/10",
    "127.0.0.0/8",
    "169.254.0.0/16",
    "172.16.0.0/12",
    "192.0.0.0/24",
    "192.0.2.0/24",
    "192.168.0.0/16",
    "198.18.0.0/15",
    "198.51.100.0/24",
    "203.0.113.0/24",
    "224.0.0.0/3", // multicast, reserved and broadcast
  ],
  ipv6: [
    "::/127", // unspecified and loopback
    "64:ff9b:1::/48",
    "100::/64",
    "2001::/23",
    "2001:db8::/32",
    "fc00::/7",
    "fe80::/10",
    "ff00::/8",
  ],
} as const;

const reservedIPv4 = blocks(1, reservedRanges.ipv4);
const reservedIPv6 = blocks(4, reservedRanges.ipv6);

function inBlock(address: Uint32Array, { words, bits }: Block): boolean {
  for (let word = 0; word < words.length && bits > 32 * word; word++) {
    const maskBits = Math.min(bits - 32 * word, 32);
    // Shifts work on signed 32-bit integers: both sides are masked the same way, so they compare alike.
    const mask = maskBits === 32 ? -1 : ~(-1 >>> maskBits);
    if ((address[word]! & mask) !== (words[word]! & mask)) return false;
  }
  return true;
}

/** The address being looked up; lookups run one at a time. */
const address = new Uint32Array(4);

function lookUp(table: CountryTable, reserved: Block[]): string {
  if (reserved.some((range) => inBlock(address, range))) return "";
  const { width, starts, countries } = table;
  // The last start at or before the address.
  let low = 0;
  let high = countries.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (compare(width, starts, middle * width, address, 0) <= 0) low = middle + 1;
    else high = middle - 1;
  }
  const code = countries[high] ?? 0;
  return code === 0 ? "" : String.fromCharCode(code >>> 8, code & 0xff);
}

/**
 * The country of an address: an ISO 3166-1 alpha-2 code in upper case, or "" for a private, loopback or other
 * reserved address, an address the data does not place, or text that is no address. An IPv4-mapped IPv6 address
 * (`::ffff:1.2.3.4`, how a dual-stack socket shows an IPv4 client) is looked up as IPv4. The first call loads
 * the data unless `loadCountries()` has.
 */
export function countryOf(text: string): string {
  const family = isIP(text);
  if (family === 0) return "";
  tables ??= buildTables(readFileSync(dataFile(4)), readFileSync(dataFile(6)));
  const zone = text.indexOf("%");
  const bytes = ascii(zone === -1 ? text : text.slice(0, zone));
  if (family === 4) {
    address[0] = ipv4Value(bytes, 0, bytes.length);
    return lookUp(tables.ipv4, reservedIPv4);
  }
  addressInto(4, bytes, 0, bytes.length, address, 0);
  if (address[0] === 0 && address[1] === 0 && address[2] === 0xffff) {
    address[0] = address[3]!;
    return lookUp(tables.ipv4, reservedIPv4);
  }
  return lookUp(tables.ipv6, reservedIPv6);
}

/**
 * Loads the country data in a worker thread (parsing it takes most of a second of CPU), so neither the server's
 * start nor its requests wait on it; resolves once `countryOf` can answer without loading.
 */
export function loadCountries(): Promise<void> {
  if (tables) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const worker = new Worker(new URL("./country-tables.ts", import.meta.url));
    worker.once("message", (built: CountryTables) => {
      tables ??= built;
      resolve();
      void worker.terminate();
    });
    worker.once("error", (error) => {
      loading = undefined;
      reject(error);
    });
  });
  return loading;
}

/** An address's text (which net.isIP has checked is ASCII) as the bytes the parsers read. */
function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

export function dataFile(family: 4 | 6): string {
  return createRequire(import.meta.url).resolve(
    `${dataPackage}/geo-whois-asn-country-ipv${family}.csv`,
  );
}

export function buildTables(ipv4Csv: Uint8Array, ipv6Csv: Uint8Array) {
  return { ipv4: paint(readRanges(1, ipv4Csv)), ipv6: paint(readRanges(4, ipv6Csv)) };
}

/** The rows of a data file: first and last addresses (`width` words each) and their countries. */
interface Ranges {
  width: Width;
  firsts: Uint32Array;
  lasts: Uint32Array;
  countries: Uint16Array;
}

function isUpper(...letters: number[]): boolean {
  return letters.every((letter) => letter >= 0x41 && letter <= 0x5a);
}

function readRanges(width: Width, csv: Uint8Array): Ranges {
  let lines = 0;
  for (let at = csv.indexOf(newline); at !== -1; at = csv.indexOf(newline, at + 1)) lines++;
  const firsts = new Uint32Array((lines + 1) * width);
  const lasts = new Uint32Array((lines + 1) * width);
  const countries = new Uint16Array(lines + 1);
  let row = 0;
  for (let start = 0; start < csv.length; ) {
    const lineBreak = csv.indexOf(newline, start);
    const end = lineBreak === -1 ? csv.length : lineBreak;
    const lineEnd = csv[end - 1] === carriageReturn ? end - 1 : end;
    if (lineEnd > start) {
      const firstEnd = csv.indexOf(comma, start);
      const lastEnd = csv.indexOf(comma, firstEnd + 1);
      const letter1 = csv[lastEnd + 1] ?? 0;
      const letter2 = csv[lastEnd + 2] ?? 0;
      if (
        firstEnd === -1 ||
        lastEnd === -1 ||
        lineEnd - lastEnd !== 3 ||
        !isUpper(letter1, letter2)
      ) {
        const line = new TextDecoder().decode(csv.subarray(start, lineEnd));
        throw new Error(`${dataPackage}: unexpected line "${line}"`);
      }
      addressInto(width, csv, start, firstEnd, firsts, row * width);
      addressInto(width, csv, firstEnd + 1, lastEnd, lasts, row * width);
      if (compare(width, firsts, row * width, lasts, row * width) > 0) {
        throw new Error(`${dataPackage}: a range ends before it starts, in row ${row + 1}`);
      }
      countries[row++] = (letter1 << 8) | letter2;
    }
    start = end + 1;
  }
  const size = (array: Uint32Array) => array.subarray(0, row * width);
  return { width, firsts: size(firsts), lasts: size(lasts), countries: countries.subarray(0, row) };
}

/**
 * The data nests ranges: a wide range, then narrower ones inside it with other countries, and the wide range does
 * not always resume in a row of its own after them. Painting the ranges in order of their first address, each
 * over those it lies in, gives each address the country of the last range begun that still covers it, and the
 * wide range back what follows the narrow ones. Neighbouring starts never share a country; gaps start a 0.
 */
function paint({ width, firsts, lasts, countries }: Ranges): CountryTable {
  const rows = new Int32Array(countries.length);
  for (let row = 0; row < rows.length; row++) rows[row] = row;
  // Of two ranges that begin together, the wider goes first, to be painted over.
  const byFirst = (i: number, j: number) =>
    compare(width, firsts, i * width, firsts, j * width) ||
    compare(width, lasts, j * width, lasts, i * width);
  for (let row = 1; row < rows.length; row++) {
    if (byFirst(row - 1, row) > 0) {
      rows.sort(byFirst);
      break;
    }
  }

  // Each range begins one start and may begin another after its end: at most twice as many starts as rows.
  const starts = new Uint32Array(2 * rows.length * width);
  const startCountries = new Uint16Array(2 * rows.length);
  let count = 0;
  const begin = (source: Uint32Array, at: number, country: number) => {
    // A start at the same address as the last replaces it; one that changes no country is left out.
    if (count > 0 && compare(width, starts, (count - 1) * width, source, at) === 0) count--;
    if (country !== (count > 0 ? startCountries[count - 1] : 0)) {
      for (let word = 0; word < width; word++) starts[count * width + word] = source[at + word]!;
      startCountries[count++] = country;
    }
  };

  // The ranges that cover the address reached, by first address; the last is the one painted there.
  const open = new Int32Array(rows.length);
  let depth = 0;
  const next = new Uint32Array(width);
  /** Ends the open ranges that end before the row's first address (all of them when the row is -1). */
  const closeBefore = (row: number) => {
    while (depth > 0) {
      const top = open[depth - 1]!;
      if (row !== -1 && compare(width, lasts, top * width, firsts, row * width) >= 0) return;
      depth--;
      // Ranges under it that end no later are over too.
      while (
        depth > 0 &&
        compare(width, lasts, open[depth - 1]! * width, lasts, top * width) <= 0
      ) {
        depth--;
      }
      if (increment(lasts, top * width, next))
        begin(next, 0, depth > 0 ? countries[open[depth - 1]!]! : 0);
    }
  };
  for (const row of rows) {
    closeBefore(row);
    begin(firsts, row * width, countries[row]!);
    open[depth++] = row;
  }
  closeBefore(-1);
  return {
    width,
    starts: starts.slice(0, count * width),
    countries: startCountries.slice(0, count),
  };
}

/** Writes the address after source[at..] into out; false when there is none (the family's last address). */
function increment(source: Uint32Array, at: number, out: Uint32Array): boolean {
  let carry = 1;
  for (let word = out.length - 1; word >= 0; word--) {
    const sum = source[at + word]! + carry;
    out[word] = sum; // a Uint32Array keeps sum modulo 2^32
    carry = sum > 0xffffffff ? 1 : 0;
  }
  return carry === 0;
}

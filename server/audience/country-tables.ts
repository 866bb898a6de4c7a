// The worker thread that builds the country tables (country.ts) and hands them back: parsing 1.1 million
// address ranges would otherwise hold the server's thread for most of a second.
import { readFileSync } from "node:fs";
import { parentPort } from "node:worker_threads";
import { buildTables, dataFile } from "./country.ts";

const built = buildTables(readFileSync(dataFile(4)), readFileSync(dataFile(6)));
// Moved, not copied: the typed arrays' memory changes hands.
parentPort?.postMessage(built, [
  built.ipv4.starts.buffer,
  built.ipv4.countries.buffer,
  built.ipv6.starts.buffer,
  built.ipv6.countries.buffer,
]);

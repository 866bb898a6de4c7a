// The baseline of `npm run bench:api`: a bare node:http server that parses a JSON body and sends it back.
// Prints "listening <port>" once it accepts connections.
import { createServer } from "node:http";

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    let status = 200;
    let body: string;
    try {
      body = JSON.stringify(JSON.parse(Buffer.concat(chunks).toString("utf8")));
    } catch {
      status = 400;
      body = '{"success":false,"error":"Request body is not valid JSON"}';
    }
    response.writeHead(status, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(body),
    });
    response.end(body);
  });
});
server.keepAliveTimeout = 5_000;
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(`listening ${typeof address === "object" && address ? address.port : 0}`);
});
process.once("SIGTERM", () => server.close(() => process.exit(0)));

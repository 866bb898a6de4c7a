import { describe, expect, it } from "vitest";
import { deferHydration } from "./defer-hydration.ts";

const page = `<html><head><link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/><link rel="stylesheet" href="/assets/root.css"/></head><body><main>Hi</main><script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-3.js";
import * as route1 from "/assets/pricing-4.js";

  window.__reactRouterRouteModules = {"root":route0,"pricing":route1};

import("/assets/entry.client-2.js");</script></body></html>`;

describe("deferHydration", () => {
  it("removes the early modulepreload hints so the stylesheet is the only early request", () => {
    const html = deferHydration(page);
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
  });

  it("runs the same imports in order after the first frame, with the same hints added then", () => {
    const html = deferHydration(page);
    const script = /<script type="module">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    expect(script).toContain('const hints=["/assets/manifest-1.js","/assets/entry.client-2.js"]');
    expect(script).toContain("requestAnimationFrame(()=>setTimeout(start,0))");
    const order = [
      "/assets/manifest-1.js",
      "/assets/root-3.js",
      "/assets/pricing-4.js",
      "/assets/entry.client-2.js",
    ];
    const positions = order.map((url) => script.indexOf(`import("${url}")`));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(script).toContain(
      'window.__reactRouterRouteModules = {"root":route0,"pricing":route1};',
    );
  });

  it("keeps React Router's merging of split route chunks", () => {
    const split = page.replace(
      'import * as route1 from "/assets/pricing-4.js";',
      'import * as route1_clientLoader from "/assets/pricing-5.js";\nimport * as route1_main from "/assets/pricing-6.js";\nconst route1 = {...route1_clientLoader,...route1_main};',
    );
    const script =
      /<script type="module">([\s\S]*?)<\/script>/.exec(deferHydration(split))?.[1] ?? "";
    expect(script).toContain(
      "([route0,route1_clientLoader,route1_main])=>{const route1 = {...route1_clientLoader,...route1_main};",
    );
  });

  it("fails the build loudly when React Router's output changes shape", () => {
    expect(() => deferHydration("<html><body></body></html>")).toThrow(
      /module script was not found/,
    );
  });
});

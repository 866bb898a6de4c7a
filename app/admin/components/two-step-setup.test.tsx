// The Account page's two-step section: setup is offered only while two-step is off; while on, only turning it off
// with the password.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TwoStepSection } from "./two-step-setup";

const buttonsOf = (on: boolean) =>
  [
    ...renderToStaticMarkup(<TwoStepSection on={on} onChanged={() => {}} />).matchAll(
      /<button[^>]*>([^<]*)<\/button>/g,
    ),
  ].map((match) => match[1]);

describe("the two-step section", () => {
  it("offers setup while two-step is off", () => {
    expect(buttonsOf(false)).toEqual(["Set up two-step sign-in"]);
  });

  it("offers only turning it off, with the password, while it is on", () => {
    expect(buttonsOf(true)).toEqual(["Turn off two-step sign-in"]);
    const html = renderToStaticMarkup(<TwoStepSection on onChanged={() => {}} />);
    expect(html).toContain("Your password, to turn it off");
    expect(html).toContain('type="password"');
  });
});

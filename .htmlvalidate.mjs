// html-validate's settings for the built pages (tests/e2e/valid-html.spec.ts runs it over build/client).
export default {
  extends: ["html-validate:recommended"],
  rules: {
    // React's useId gives ids such as "_R_935_", which start with an underscore. HTML allows any id without
    // whitespace; the relaxed check still refuses empty ids and ids with whitespace.
    "valid-id": ["error", { relaxed: true }],
    // React and parse5 (postbuild, the server's contact page) write boolean attributes as required="": one
    // style, the one our tools write, both valid HTML.
    "attribute-boolean-style": ["error", { style: "empty" }],
    // The same for attributes whose empty value means something: React writes the font preload's crossorigin="".
    "attribute-empty-style": ["error", { style: "empty" }],
  },
};

// Where content pictures live and the path content files name them by: shared by the editor's schema, which the
// browser loads, and the Node-only converter in pictures.ts (so the editor's page never bundles sharp).

/** Where Keystatic's image fields put originals (keystatic.config.ts) and the path they write into content. */
export const picturesDirectory = "content/pictures";
export const picturesPublicPath = "/content/pictures/";

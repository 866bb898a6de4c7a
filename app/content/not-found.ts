// Copy of the 404 page (docs/product.md, "Routes").
export const notFoundCopy = {
  head: {
    title: "Page Not Found",
    description: "The page you are looking for does not exist.",
  },
  heading: "Oops! Page not found",
  body: "The page you asked for does not exist or has moved.",
  homeLink: "Return to Home",
  consoleMessage: "404 Error: User attempted to access non-existent route:",
} as const;

// The development server's message that a content file changed: the plugin sends it, the site script reloads on it.

/** A custom event rather than Vite's full-reload, which would also reload the editor's page in the middle of its work. */
export const contentChangedEvent = "boothpilot:content-changed";

import { describe, expect, it } from "vitest";
import { inboxApiUrl, inboxHref, readInboxFilters } from "./inbox-query";

describe("the inbox page's query string", () => {
  it("shows messages that are not spam unless asked, and ignores what it does not know", () => {
    expect(readInboxFilters("")).toEqual({ status: "new", mail: "", cursor: null });
    expect(readInboxFilters("?status=bogus&mail=bounced&utm_source=x")).toEqual({
      status: "new",
      mail: "",
      cursor: null,
    });
    expect(readInboxFilters("?status=all&mail=failed&cursor=abc")).toEqual({
      status: "all",
      mail: "failed",
      cursor: "abc",
    });
  });

  it("asks the API for exactly the page's filters", () => {
    expect(inboxApiUrl(readInboxFilters(""))).toBe("/admin/api/messages?status=new");
    expect(inboxApiUrl(readInboxFilters("?status=all"))).toBe("/admin/api/messages");
    expect(inboxApiUrl(readInboxFilters("?status=spam&mail=none&cursor=a-b_c"))).toBe(
      "/admin/api/messages?status=spam&mail=none&cursor=a-b_c",
    );
  });

  it("links to a page that reads back as the same filters", () => {
    expect(inboxHref({ status: "new", mail: "", cursor: null })).toBe("/admin");
    for (const search of ["?status=all&mail=failed", "?status=spam&cursor=xyz", "?mail=sent"]) {
      const filters = readInboxFilters(search);
      expect(inboxHref(filters)).toBe(`/admin${search}`);
      expect(readInboxFilters(inboxHref(filters).slice("/admin".length))).toEqual(filters);
    }
  });
});

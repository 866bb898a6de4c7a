import { describe, expect, it } from "vitest";
import { inboxApiUrl, inboxCsvUrl, inboxHref, readInboxFilters } from "./inbox-query";

const none = { status: "new", mail: "", state: "", q: "", source: "", landing: "", cursor: null };

describe("the inbox page's query string", () => {
  it("shows messages that are not spam unless asked, and ignores what it does not know", () => {
    expect(readInboxFilters("")).toEqual(none);
    expect(
      readInboxFilters(
        "?status=bogus&mail=bounced&state=lost&source=tv&landing=pricing&utm_source=x",
      ),
    ).toEqual(none);
    expect(
      readInboxFilters(
        "?status=all&mail=failed&state=unread&q=+flea+&source=organic_search&landing=%2Fpricing&cursor=abc",
      ),
    ).toEqual({
      status: "all",
      mail: "failed",
      state: "unread",
      q: "flea",
      source: "organic_search",
      landing: "/pricing",
      cursor: "abc",
    });
  });

  it("asks the API for exactly the page's filters, and the CSV for every page of them", () => {
    expect(inboxApiUrl(readInboxFilters(""))).toBe("/admin/api/messages?status=new");
    expect(inboxApiUrl(readInboxFilters("?status=all"))).toBe("/admin/api/messages");
    expect(inboxApiUrl(readInboxFilters("?status=spam&mail=none&cursor=a-b_c"))).toBe(
      "/admin/api/messages?mail=none&status=spam&cursor=a-b_c",
    );
    expect(inboxCsvUrl(readInboxFilters("?state=handled&q=card+show&cursor=xyz"))).toBe(
      "/admin/api/messages.csv?state=handled&q=card+show&status=new",
    );
  });

  it("links to a page that reads back as the same filters", () => {
    expect(inboxHref(none as Parameters<typeof inboxHref>[0])).toBe("/admin");
    for (const search of [
      "?status=all&mail=failed",
      "?status=spam&cursor=xyz",
      "?mail=sent",
      "?state=unread&q=flea&source=organic_social&landing=%2F",
    ]) {
      const filters = readInboxFilters(search);
      expect(inboxHref(filters)).toBe(`/admin${search}`);
      expect(readInboxFilters(inboxHref(filters).slice("/admin".length))).toEqual(filters);
    }
  });
});

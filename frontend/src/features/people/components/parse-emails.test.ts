import { describe, expect, it } from "vitest";

import { isEmail, parseEmails } from "./parse-emails";

describe("parseEmails", () => {
  it("splits on commas, semicolons, spaces and new lines, lower-cases and drops repeats", () => {
    expect(parseEmails(" An@Example.vn, b@example.vn;c@example.vn\n\nd@example.vn  an@example.vn ")).toEqual([
      "an@example.vn",
      "b@example.vn",
      "c@example.vn",
      "d@example.vn",
    ]);
  });
  it("keeps the address of a pasted 'Name <address>'", () => {
    expect(parseEmails("Nguyễn Thị Lan <lan@demo.vn>, <minh@demo.vn>\nHà <ha@demo.vn>")).toEqual([
      "lan@demo.vn",
      "minh@demo.vn",
      "ha@demo.vn",
    ]);
  });
  it("is empty for blank text", () => {
    expect(parseEmails(" \n ,; ")).toEqual([]);
  });
});

describe("isEmail", () => {
  it("accepts ordinary addresses and refuses broken ones", () => {
    expect(isEmail("giao.vien+1@truong-thpt.edu.vn")).toBe(true);
    for (const bad of ["bad", "a@b", "a@@b.vn", "a b@c.vn", "@c.vn", "a@-c.vn"])
      expect(isEmail(bad)).toBe(false);
  });
});

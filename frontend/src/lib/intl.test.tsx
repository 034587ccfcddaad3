import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { createIntl } from "react-intl";
import { afterEach, describe, expect, it, vi as vitest } from "vitest";

import en from "@/locales/en.json";
import vi from "@/locales/vi.json";

import { testQueryClient } from "@/testing/render";
import { mockApi, ok } from "@/testing/mock-api";

import { api } from "./api-client";
import { LanguageProvider, RefetchOnLanguageChange, translate, useLanguage, useT } from "./intl";
import { storedLanguage } from "./language";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\./.test(name) ? [path] : [];
  });
}

describe("message catalogues", () => {
  it("have the same keys in vi.json and en.json", () => {
    expect(Object.keys(vi).sort()).toEqual(Object.keys(en).sort());
  });
  it("contain every message id the code uses", () => {
    const used = new Set<string>();
    for (const file of sources(join(__dirname, ".."))) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/\bt\(\s*"([a-zA-Z0-9_.]+)"/g)) used.add(m[1]!);
      for (const m of text.matchAll(
        /(?:title|label|body|titleId|intro|heading)[=:]\s*"([a-z]+\.[a-zA-Z0-9_.]+)"/g,
      ))
        used.add(m[1]!);
    }
    const missing = [...used].filter((id) => !(id in vi) || !(id in en));
    expect(missing).toEqual([]);
  });
  it("parse as ICU messages with the same placeholders in both languages (formatjs verify)", () => {
    const root = join(__dirname, "..", "..");
    const run = () =>
      execFileSync(
        join(root, "node_modules", ".bin", "formatjs"),
        ["verify", "--source-locale", "vi", "--missing-keys", "--extra-keys", "--structural-equality"].concat(
          ["src/locales/vi.json", "src/locales/en.json"],
        ),
        { cwd: root, stdio: "pipe" },
      );
    expect(run).not.toThrow();
  });
  it("have no empty message", () => {
    expect(Object.entries(vi).filter(([, v]) => !v.trim())).toEqual([]);
    expect(Object.entries(en).filter(([, v]) => !v.trim())).toEqual([]);
  });
});

function Probe() {
  const t = useT();
  const { setLanguage, locale } = useLanguage();
  return (
    <div>
      <p>{t("auth.login")}</p>
      <p>{locale}</p>
      <button onClick={() => setLanguage("en")}>en</button>
    </div>
  );
}

/** A message's own words: placeholders, ICU syntax (argument heads, branch selectors, `#`) and
 * tags removed. */
function words(message: string): string[] {
  const text = message
    .replace(/\{\s*\w+\s*\}/g, " ")
    .replace(/\{\s*\w+\s*,\s*\w+\s*,?/g, " ")
    .replace(/(=\d+|\w+)\s*\{/g, " ")
    .replace(/<\/?\w+>/g, " ")
    .replace(/[{}#]/g, " ");
  return text.match(/[\p{L}']+/gu) ?? [];
}

/** Words that make a message English (none of them is Vietnamese). */
const ENGLISH = new Set([
  "the",
  "you",
  "your",
  "is",
  "are",
  "of",
  "to",
  "and",
  "will",
  "with",
  "this",
  "at",
  "may",
]);

/** Messages whose Vietnamese and English texts are the same on purpose: names and codes (brands,
 * file formats, "E-mail", "Logo", "Camera"), patterns of numbers and names alone, and the
 * tab-switch rule's Vietnamese original (`takeTest.rules.switchOther`), shown under the English
 * rule on English pages only. */
const SAME_IN_BOTH = new Set([
  "privacy.record.english", // a language named in itself
  "privacy.record.pdf", // "PDF ({language})"
  "privacy.record.vietnamese", // a language named in itself
  "assignments.filter.batchOfTest",
  "field.email",
  "grading.detail.camera",
  "itemAnalysis.figures.batch",
  "itemAnalysis.figures.versionN",
  "itemAnalysis.histogram.range",
  "itemAnalysis.options.allValue",
  "people.col.email",
  "people.lastChange",
  "people.settings.logo",
  "people.sort.email",
  "qb.exportMoodleXml",
  "qb.exportQti",
  "qb.exportXlsx",
  "qfile.progressText",
  "surveys.chart.point",
  "surveys.result.rawOf",
  "takeTest.result.scoreOf",
  "takeTest.rules.switchOther",
  "tests.expected.meanOf",
  "tests.scoreOfMax",
  "itemAnalysis.statements.inlineValue", // "a) {value}" (issue 39, decision 0059)
  "takeTest.review.stimulusItem", // a stimulus' title with its questions' numbers (decision 0054)
]);

describe("no English on Vietnamese pages (issue 38)", () => {
  it("has no English sentence among the Vietnamese messages", () => {
    const english = Object.entries(vi as Record<string, string>).filter(
      ([, message]) => words(message).filter((w) => ENGLISH.has(w.toLowerCase())).length >= 2,
    );
    expect(english.map(([key]) => key)).toEqual([]);
  });

  it("has no Vietnamese message equal to its English one but names and codes (the allow-list)", () => {
    const same = Object.keys(vi).filter(
      (key) => (vi as Record<string, string>)[key] === (en as Record<string, string>)[key],
    );
    expect(same.filter((key) => !SAME_IN_BOTH.has(key))).toEqual([]);
    expect([...SAME_IN_BOTH].filter((key) => !same.includes(key))).toEqual([]); // no stale entry
  });
});

describe("language", () => {
  it("defaults to Vietnamese and persists the choice in localStorage 'lang'", async () => {
    localStorage.clear();
    render(
      <LanguageProvider>
        <Probe />
      </LanguageProvider>,
    );
    expect(screen.getByText("Đăng nhập")).toBeInTheDocument();
    expect(screen.getByText("vi-VN")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "en" }));
    expect(await screen.findByText("Log in")).toBeInTheDocument();
    expect(screen.getByText("en-GB")).toBeInTheDocument();
    expect(localStorage.getItem("lang")).toBe("en");
    expect(storedLanguage()).toBe("en");
    // mirrored for the server's index.html (issue 20)
    expect(document.cookie).toContain("lang=en");
  });
  it("reads en and vi, bare or JSON-quoted", () => {
    localStorage.setItem("lang", "en");
    expect(storedLanguage()).toBe("en");
    localStorage.setItem("lang", '"en"');
    expect(storedLanguage()).toBe("en");
    localStorage.setItem("lang", "vi");
    expect(storedLanguage()).toBe("vi");
  });
  it("starts in the stored language after a reload", async () => {
    localStorage.setItem("lang", "en");
    document.cookie = "lang=; Path=/; Max-Age=0";
    render(
      <LanguageProvider>
        <Probe />
      </LanguageProvider>,
    );
    expect(await screen.findByText("Log in")).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("en");
    // a choice stored before the cookie existed is mirrored at start
    expect(document.cookie).toContain("lang=en");
  });
  it("falls back to Vietnamese for anything but en", () => {
    localStorage.setItem("lang", '"fr"');
    expect(storedLanguage()).toBe("vi");
    localStorage.setItem("lang", "not json");
    expect(storedLanguage()).toBe("vi");
  });
});

function LoginLike() {
  const t = useT();
  const { language, setLanguage } = useLanguage();
  const [open, setOpen] = useState(false);
  return (
    <form>
      <label htmlFor="email">{t("field.email")}</label>
      <input id="email" type="email" />
      <label htmlFor="password">{t("field.password")}</label>
      <input id="password" type="password" />
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      {open && <div role="dialog" aria-label={t("common.close")} />}
      <button type="button" onClick={() => setLanguage(language === "vi" ? "en" : "vi")}>
        {language.toUpperCase()}
      </button>
    </form>
  );
}

describe("switching the language in place (issue 18)", () => {
  afterEach(() => vitest.unstubAllGlobals());

  it("keeps what was typed and what is open; the labels change language", async () => {
    localStorage.clear();
    const user = userEvent.setup();
    render(
      <LanguageProvider>
        <LoginLike />
      </LanguageProvider>,
    );
    const email = screen.getByRole("textbox", { name: "E-mail" });
    await user.type(email, "lan@example.com");
    await user.click(screen.getByRole("button", { name: "open" }));
    expect(screen.getByRole("dialog", { name: "Đóng" })).toBeInTheDocument();
    expect(screen.getByLabelText("Mật khẩu")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "VI" }));
    // while English loads, the Vietnamese screen stays (nothing unmounts)
    expect(screen.getByRole("textbox", { name: "E-mail" })).toBe(email);
    expect(await screen.findByLabelText("Password")).toBeInTheDocument();
    expect(screen.queryByLabelText("Mật khẩu")).toBeNull();
    expect(screen.getByRole("textbox", { name: "E-mail" })).toBe(email);
    expect(email).toHaveValue("lan@example.com");
    expect(screen.getByRole("dialog", { name: "Close" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "EN" })).toBeInTheDocument();
    expect(localStorage.getItem("lang")).toBe("en");
    expect(document.documentElement.lang).toBe("en");

    await user.click(screen.getByRole("button", { name: "EN" }));
    expect(screen.getByLabelText("Mật khẩu")).toBeInTheDocument();
    expect(email).toHaveValue("lan@example.com");
    expect(localStorage.getItem("lang")).toBe("vi");
  });

  it("refetches the server-translated queries in the new language", async () => {
    localStorage.clear();
    const { calls } = mockApi({
      "/api/v1/report": ok({ line: "x" }),
    });
    function Report() {
      const report = useQuery({
        queryKey: ["report"],
        queryFn: () => api("/api/v1/report"),
        staleTime: 60_000,
      });
      return <p>{report.isSuccess ? "loaded" : "loading"}</p>;
    }
    render(
      <LanguageProvider>
        <QueryClientProvider client={testQueryClient()}>
          <RefetchOnLanguageChange />
          <Report />
          <LoginLike />
        </QueryClientProvider>
      </LanguageProvider>,
    );
    expect(await screen.findByText("loaded")).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers["Accept-Language"]).toBe("vi");
    fireEvent.click(screen.getByRole("button", { name: "VI" }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.headers["Accept-Language"]).toBe("en");
    expect(screen.getByText("loaded")).toBeInTheDocument(); // no remount: the answer stayed shown
  });

  it("gives code outside React the texts on screen (translate)", async () => {
    localStorage.clear();
    render(
      <LanguageProvider>
        <LoginLike />
      </LanguageProvider>,
    );
    expect(translate("field.password")).toBe("Mật khẩu");
    fireEvent.click(screen.getByRole("button", { name: "VI" }));
    await screen.findByLabelText("Password");
    expect(translate("field.password")).toBe("Password");
  });
});

describe("plural points (issue 18)", () => {
  const points = (messages: Record<string, string>, locale: string, score: string, max: number) =>
    createIntl({ locale, messages }).formatMessage({ id: "takeTest.result.points" }, { score, max });
  it("says 1 point, 2 points in English and điểm in Vietnamese, with the locale's decimals", () => {
    expect(points(en, "en-GB", "1", 1)).toBe("1/1 point");
    expect(points(en, "en-GB", "1.5", 2)).toBe("1.5/2 points");
    expect(points(en, "en-GB", "0", 0.5)).toBe("0/0.5 points");
    expect(points(vi, "vi-VN", "1", 1)).toBe("1/1 điểm");
    expect(points(vi, "vi-VN", "1,5", 2.5)).toBe("1,5/2,5 điểm");
  });
});

describe("numbers in messages follow the page's language (issue 38)", () => {
  function Score({ score, max }: { score: number; max: number }) {
    const t = useT();
    return <p>{t("tests.scoreOfMax", { score, max })}</p>;
  }

  it("writes a fraction in a plain argument with the locale's separator: vi 7,5, en 7.5", async () => {
    localStorage.setItem("lang", "vi");
    const { unmount } = render(
      <LanguageProvider>
        <Score score={7.5} max={10} />
      </LanguageProvider>,
    );
    expect(screen.getByText("7,5 / 10")).toBeInTheDocument();
    expect(translate("tests.scoreOfMax", { score: 43.8, max: 100 })).toBe("43,8 / 100");
    unmount();
    localStorage.setItem("lang", "en");
    render(
      <LanguageProvider>
        <Score score={7.5} max={10} />
      </LanguageProvider>,
    );
    expect(await screen.findByText("7.5 / 10")).toBeInTheDocument();
  });

  it("leaves whole numbers and plural arguments to ICU", async () => {
    localStorage.setItem("lang", "vi");
    function Texts() {
      const t = useT();
      return (
        <>
          <p>{t("tests.scoreOfMax", { score: 2026, max: 10 })}</p>
          <p>{t("takeTest.points", { points: 0.5 })}</p>
        </>
      );
    }
    render(
      <LanguageProvider>
        <Texts />
      </LanguageProvider>,
    );
    expect(screen.getByText("2026 / 10")).toBeInTheDocument(); // a year or a code: no grouping
    expect(screen.getByText("(0,5 điểm)")).toBeInTheDocument();
  });
});

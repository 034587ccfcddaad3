import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import en from "@/locales/en.json";
import vi from "@/locales/vi.json";

import { LanguageProvider, useLanguage, useT } from "./intl";
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
    render(
      <LanguageProvider>
        <Probe />
      </LanguageProvider>,
    );
    expect(await screen.findByText("Log in")).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("en");
  });
  it("falls back to Vietnamese for anything but en", () => {
    localStorage.setItem("lang", '"fr"');
    expect(storedLanguage()).toBe("vi");
    localStorage.setItem("lang", "not json");
    expect(storedLanguage()).toBe("vi");
  });
});

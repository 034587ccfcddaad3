/**
 * The loaded parts of the catalogues outside Vietnamese's core (which ships in the entry), for
 * the language provider (intl.tsx). See messages-plugin.ts: each signed-in feature's namespace is
 * a group that the modules naming its keys import statically; the group registers its
 * Vietnamese texts here, and its English texts load first when English is wanted; the lazy
 * routes await `textsReady()` before they render, so a screen renders once, with its texts in the
 * language on screen (issue 20, decision 0029).
 */
import { storedLanguage } from "./language";

/** Texts by message id (precompiled ICU ASTs; react-intl accepts them as messages). */
export type Texts = Record<string, string>;
type Load = () => Promise<{ default: Texts }>;

/** Replaced (never changed in place) on each change, so `useSyncExternalStore` sees a new
 * snapshot. `english` is null until English's core texts came; it then holds English's core and
 * the English texts of every registered group. */
export type Loaded = { vi: Texts; english: Texts | null };

let loaded: Loaded = { vi: {}, english: null };
const listeners = new Set<() => void>();
/** The registered groups and how to load their English texts. */
const groups = new Map<string, Load>();
/** English parts loaded or loading, by group (`core` for English's core); a failed load is
 * dropped, so the next attempt tries again (offline). */
const english = new Map<string, Promise<Texts>>();
let loadEnglishCore: Load = () => import("virtual:messages/en-core");

function merge(part: Partial<Loaded>) {
  loaded = { ...loaded, ...part };
  listeners.forEach((notify) => notify());
}

function englishPart(group: string, load: Load): Promise<Texts> {
  let part = english.get(group);
  if (!part) {
    part = load().then(
      (m) => m.default,
      (error: unknown) => {
        english.delete(group);
        throw error;
      },
    );
    english.set(group, part);
  }
  return part;
}

/** English's core and every registered group's English texts, merged (loaded once each). */
function englishTexts(): Promise<Texts> {
  const parts = [englishPart("core", loadEnglishCore)];
  for (const [group, load] of groups) parts.push(englishPart(group, load));
  return Promise.all(parts).then((all) => Object.assign({}, ...all) as Texts);
}

/** English is wanted when it is stored (the first render will be in English) or was loaded
 * before (a switch to English happened in this page's life). */
function englishWanted(): boolean {
  return storedLanguage() === "en" || english.has("core");
}

/** Load English (its core and the registered groups' texts) and put it in the snapshot; rejects
 * when a part could not load (the caller stays in the language on screen). */
export function loadEnglish(): Promise<void> {
  return englishTexts().then((texts) => {
    // a load that started before a group registered brings fewer texts than are there now
    if (Object.keys(texts).some((id) => !loaded.english || !(id in loaded.english)))
      merge({ english: { ...loaded.english, ...texts } });
  });
}

/** Registrations whose English texts are still loading. */
const pending = new Set<Promise<void>>();

/**
 * Register one group's Vietnamese texts (called once per group by its virtual module, when the
 * chunk that imports it runs). When English is wanted, the group's English texts load first and
 * both go in the snapshot together (one render), and `textsReady()` waits for them.
 */
export function registerTexts(group: string, vi: Texts, loadEnglishGroup: Load): void {
  if (groups.has(group)) return;
  groups.set(group, loadEnglishGroup);
  const add = (texts: Partial<Loaded>) => merge({ ...texts, vi: { ...loaded.vi, ...vi } });
  if (!englishWanted()) return add({});
  const loading = englishTexts().then(
    (texts) => add({ english: { ...loaded.english, ...texts } }),
    (error: unknown) => {
      add({}); // offline: the Vietnamese texts are there; `textsReady` loads English again
      throw error;
    },
  );
  pending.add(loading);
  const settle = () => void pending.delete(loading);
  loading.then(settle, settle);
}

/**
 * Resolves when every registered group's texts are in the snapshot; the lazy routes await it
 * after their chunks loaded (routes.tsx), so their screens render with their texts. Rejects when
 * English texts could not load (offline): the routes' error page offers a retry, which registers
 * nothing new but loads the missing part again (`loadEnglish`).
 */
export function textsReady(): Promise<void> {
  if (pending.size) return Promise.all(pending).then(() => textsReady());
  const missing = englishWanted() && [...groups.keys()].some((group) => !english.has(group));
  return missing ? loadEnglish() : Promise.resolve();
}

/** `load` (a lazy route's or component's import), resolved once the texts it registered are in. */
export function withTexts<T>(load: () => Promise<T>): () => Promise<T> {
  return () => load().then((module) => textsReady().then(() => module));
}

export function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  return () => listeners.delete(notify);
}

export function snapshot(): Loaded {
  return loaded;
}

/** Tests only: forget every group and loaded part, and load English's core with `load`. */
export function resetForTests(load?: Load): void {
  loaded = { vi: {}, english: null };
  groups.clear();
  english.clear();
  pending.clear();
  if (load) loadEnglishCore = load;
  listeners.forEach((notify) => notify());
}

/** The groups registered so far (tests and diagnostics). */
export function registeredGroups(): string[] {
  return [...groups.keys()];
}

import { afterEach, describe, expect, it, vi } from "vitest";

import { storeLanguage } from "./language";
import {
  loadEnglish,
  registerTexts,
  registeredGroups,
  resetForTests,
  snapshot,
  subscribe,
  textsReady,
  withTexts,
} from "./messages-store";

const core = { "common.ok": "OK" };
const englishCore = () => Promise.resolve({ default: core });
const deferred = <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

afterEach(() => {
  resetForTests(englishCore);
  window.localStorage.clear();
});

describe("registerTexts (issue 20: each feature's texts come with its chunk)", () => {
  it("puts a group's Vietnamese texts in at once when Vietnamese is on, loading no English", async () => {
    resetForTests(englishCore);
    const loadEn = vi.fn();
    registerTexts("shop", { "shop.cart": "Giỏ hàng" }, loadEn);
    expect(snapshot()).toEqual({ vi: { "shop.cart": "Giỏ hàng" }, english: null });
    await textsReady();
    expect(loadEn).not.toHaveBeenCalled();
    expect(registeredGroups()).toEqual(["shop"]);
  });

  it("with English stored, puts Vietnamese and English in together, once, after English came", async () => {
    storeLanguage("en");
    resetForTests(englishCore);
    const english = deferred<{ default: Record<string, string> }>();
    const renders: unknown[] = [];
    const stop = subscribe(() => renders.push(snapshot()));
    registerTexts("shop", { "shop.cart": "Giỏ hàng" }, () => english.promise);
    const ready = withTexts(() => Promise.resolve("page"))();
    await Promise.resolve();
    expect(snapshot()).toEqual({ vi: {}, english: null }); // nothing on screen in between
    english.resolve({ default: { "shop.cart": "Cart" } });
    expect(await ready).toBe("page");
    expect(renders).toEqual([
      { vi: { "shop.cart": "Giỏ hàng" }, english: { "common.ok": "OK", "shop.cart": "Cart" } },
    ]);
    stop();
  });

  it("registers a group once: a second chunk naming it adds nothing", () => {
    resetForTests(englishCore);
    registerTexts("shop", { "shop.cart": "Giỏ hàng" }, vi.fn());
    registerTexts("shop", { "shop.cart": "other" }, vi.fn());
    expect(snapshot().vi).toEqual({ "shop.cart": "Giỏ hàng" });
  });

  it("loadEnglish brings English's core and every registered group's English texts", async () => {
    resetForTests(englishCore);
    registerTexts("shop", { "shop.cart": "Giỏ hàng" }, () =>
      Promise.resolve({ default: { "shop.cart": "Cart" } }),
    );
    registerTexts("takeTest", { "takeTest.title": "Làm bài" }, () =>
      Promise.resolve({ default: { "takeTest.title": "Test" } }),
    );
    await loadEnglish();
    expect(snapshot().english).toEqual({ "common.ok": "OK", "shop.cart": "Cart", "takeTest.title": "Test" });
    // a group registered after a switch to English waits for its English texts too
    const later = deferred<{ default: Record<string, string> }>();
    registerTexts("myTests", { "myTests.title": "Bài của tôi" }, () => later.promise);
    expect(snapshot().vi["myTests.title"]).toBeUndefined();
    later.resolve({ default: { "myTests.title": "My tests" } });
    await textsReady();
    expect(snapshot().english?.["myTests.title"]).toBe("My tests");
    expect(snapshot().vi["myTests.title"]).toBe("Bài của tôi");
  });

  it("a failed English load rejects textsReady; the next textsReady loads it again", async () => {
    storeLanguage("en");
    resetForTests(englishCore);
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValueOnce({ default: { "shop.cart": "Cart" } });
    registerTexts("shop", { "shop.cart": "Giỏ hàng" }, load);
    await expect(textsReady()).rejects.toThrow("offline");
    await textsReady();
    expect(load).toHaveBeenCalledTimes(2);
    expect(snapshot().english?.["shop.cart"]).toBe("Cart");
  });
});

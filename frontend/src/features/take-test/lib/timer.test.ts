import { describe, expect, it } from "vitest";

import { crossedThreshold } from "./timer";

const MIN = 60_000;

describe("test timer", () => {
  it("announces only at 10, 5 and 1 minutes left", () => {
    const announced: number[] = [];
    let previous = 12 * MIN;
    for (let left = previous - 1000; left >= 0; left -= 1000) {
      const crossed = crossedThreshold(previous, left);
      if (crossed !== null) announced.push(crossed);
      previous = left;
    }
    expect(announced).toEqual([10, 5, 1]);
    expect(crossedThreshold(10 * MIN + 500, 10 * MIN)).toBe(10);
    expect(crossedThreshold(10 * MIN, 9 * MIN)).toBeNull(); // already announced
    expect(crossedThreshold(11 * MIN, 30_000)).toBe(1); // the device slept: the nearest one
    expect(crossedThreshold(4 * MIN, 3 * MIN)).toBeNull();
  });
});

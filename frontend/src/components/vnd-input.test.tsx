import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";

import { renderWithProviders } from "@/testing/render";

import { isVndAmount, parseVnd, VndInput } from "./vnd-input";

describe("VND amounts", () => {
  it.each([
    ["", "vi-VN", null],
    ["150.000", "vi-VN", 150000],
    ["150.000 ₫", "vi-VN", 150000],
    ["150000đ", "vi-VN", 150000],
    ["-150.000", "vi-VN", -150000],
    ["−5", "vi-VN", -5],
    ["1.500,5", "vi-VN", Number.NaN],
    ["150,000", "en-GB", 150000],
    ["150,000 VND", "en-GB", 150000],
    ["1500.5", "en-GB", Number.NaN],
    ["150.000", "en-GB", Number.NaN],
    ["abc", "en-GB", Number.NaN],
    ["-", "en-GB", Number.NaN],
  ])("reads %j in %s as %s", (text, locale, expected) => {
    expect(parseVnd(text, locale)).toBe(expected);
  });

  it("calls only whole amounts of 0 or more an amount", () => {
    expect([0, 150000, -1, Number.NaN, 1.5, 2 ** 60, null].map(isVndAmount)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it("keeps what does not fit as typed instead of dropping it", () => {
    const seen: (number | null)[] = [];
    function Harness() {
      const [value, setValue] = useState<number | null>(null);
      return (
        <VndInput
          aria-label="Giá"
          value={value}
          onChange={(next) => {
            seen.push(next);
            setValue(next);
          }}
        />
      );
    }
    renderWithProviders(<Harness />);
    const input = screen.getByLabelText("Giá");
    fireEvent.change(input, { target: { value: "150000" } });
    expect(input).toHaveValue("150.000");
    fireEvent.change(input, { target: { value: "-150.000" } });
    expect(input).toHaveValue("-150.000");
    fireEvent.change(input, { target: { value: "1.500,5" } });
    expect(input).toHaveValue("1.500,5");
    fireEvent.change(input, { target: { value: "" } });
    expect(input).toHaveValue("");
    expect(seen).toEqual([150000, -150000, Number.NaN, null]);
  });
});

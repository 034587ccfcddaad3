import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";

import { Body, Table } from "@/components/ui/responsive-table";
import { renderWithProviders } from "@/testing/render";
import { renderRoute } from "@/testing/render-route";

import { ListToolbar, SearchFilter, SelectFilter } from "./list-toolbar";
import { QueryRows } from "./query-rows";
import { useListParams } from "./use-list-params";

function Probe() {
  const list = useListParams({ search: "", status: "", order: "-updated_at" });
  return (
    <>
      <ListToolbar>
        <SearchFilter id="s" value={list.values.search} onChange={(search) => list.set({ search })} />
        <SelectFilter
          id="st"
          label="Trạng thái"
          value={list.values.status}
          onChange={(status) => list.set({ status })}
          choices={[{ value: "draft", label: "Nháp" }]}
          allLabel
        />
      </ListToolbar>
      <p>
        page {list.page} filtered {String(list.filtered)} order {list.values.order}
      </p>
      <button type="button" onClick={() => list.set({ page: list.page + 1 })}>
        next
      </button>
    </>
  );
}

describe("list params", () => {
  it("reads the URL, writes changes back, and returns to page 1 on a filter change", async () => {
    const user = userEvent.setup();
    const { router } = renderRoute("/list", "/list?status=draft&page=3", <Probe />);
    expect(screen.getByText("page 3 filtered true order -updated_at")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Trạng thái" })).toHaveValue("draft");
    await user.selectOptions(screen.getByRole("combobox", { name: "Trạng thái" }), "Tất cả");
    expect(router.state.location.search).toBe("");
    expect(screen.getByText("page 1 filtered false order -updated_at")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "next" }));
    await user.type(screen.getByRole("searchbox", { name: "Tìm kiếm" }), "an");
    expect(router.state.location.search).toBe("?search=an");
  });
});

describe("query rows", () => {
  const rows = (query: { isPending: boolean; isError: boolean }, count: number, filtered = false) => (
    <Table label="Bảng">
      <Body>
        <QueryRows
          query={query}
          count={count}
          colSpan={2}
          failed="Không tải được."
          empty="Chưa có gì."
          noMatches="Không có kết quả."
          filtered={filtered}
        >
          <tr>
            <td>hàng</td>
          </tr>
        </QueryRows>
      </Body>
    </Table>
  );

  it.each([
    [{ isPending: true, isError: false }, 0, false, "status", "Đang tải…"],
    [{ isPending: false, isError: true }, 0, false, "alert", "Không tải được."],
    [{ isPending: false, isError: false }, 0, false, "cell", "Chưa có gì."],
    [{ isPending: false, isError: false }, 0, true, "cell", "Không có kết quả."],
    [{ isPending: false, isError: false }, 1, false, "cell", "hàng"],
  ] as const)("shows %o with %i rows (filtered %s) as the %s %s", (query, count, filtered, role, text) => {
    renderWithProviders(rows(query, count, filtered));
    expect(within(screen.getByRole("table")).getByRole(role)).toHaveTextContent(text);
  });

  it("offers Thử lại on a failure when the query can refetch", async () => {
    const refetch = vi.fn();
    renderWithProviders(
      <Table label="Bảng">
        <Body>
          <QueryRows
            query={{ isPending: false, isError: true, refetch }}
            count={0}
            colSpan={1}
            failed="Lỗi."
            empty=""
          >
            {null}
          </QueryRows>
        </Body>
      </Table>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Lỗi.");
    await userEvent.setup().click(screen.getByRole("button", { name: "Thử lại" }));
    expect(refetch).toHaveBeenCalledOnce();
  });
});

/** The generated form as learners will see it (stems and options with KaTeX), in order. While
 * the preset is editable: swap one question, reorder by drag and drop (pointer or keyboard:
 * focus a handle, Space, arrows, Space) or with the up/down buttons. A failed reorder shows
 * "Failed to reorder questions" (spec §8) and puts the old order back. */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowDown, ArrowUp, GripVertical, RefreshCw } from "lucide-react";
import { useState, type CSSProperties } from "react";

import { QueryState } from "@/components/list/query-rows";
import { MathHtml } from "@/components/math-html";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useT, type MessageId } from "@/lib/intl";
import { toast } from "@/lib/toast-store";
import { statementLetter } from "@/lib/statements";

import { presetFormQuery } from "../api/get-preset-form";
import { reorderForm } from "../api/reorder-form";
import { useSwapQuestion } from "../api/swap-question";
import type { FormQuestion } from "../api/types";
import { IconButton } from "./icon-button";

/** Moves row `from` to `to`, saves the order, and restores the old order when saving fails.
 * Exported for the tests. */
export function useReorder(presetId: number) {
  const t = useT();
  const queryClient = useQueryClient();
  const key = presetFormQuery(presetId).queryKey;
  const [saving, setSaving] = useState(false);
  async function move(from: number, to: number): Promise<boolean> {
    const previous = queryClient.getQueryData(key);
    if (!previous || from === to || to < 0 || to >= previous.length) return false;
    const next = arrayMove(previous, from, to).map((row, index) => ({ ...row, position: index + 1 }));
    queryClient.setQueryData(key, next);
    setSaving(true);
    try {
      await reorderForm({ presetId, order: next.map((row) => row.id) });
      return true;
    } catch (error) {
      queryClient.setQueryData(key, previous);
      const title = t("tests.reorderFailed");
      const message = error instanceof ApiError ? error.message : "";
      toast({
        variant: "destructive",
        title,
        description: message && message !== title ? message : undefined,
      });
      return false;
    } finally {
      setSaving(false);
    }
  }
  return { move, saving };
}

export function FormPreview({ presetId, editable }: { presetId: number; editable: boolean }) {
  const t = useT();
  const form = useQuery(presetFormQuery(presetId));
  const { move, saving } = useReorder(presetId);
  const swap = useSwapQuestion(presetId);
  const [status, setStatus] = useState("");
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const rows = form.data ?? [];
  const indexOf = (id: unknown) => rows.findIndex((row) => row.id === id);
  const announcements: Announcements = {
    onDragStart: ({ active }) => t("tests.dnd.picked", { n: indexOf(active.id) + 1 }),
    onDragOver: ({ active, over }) =>
      over ? t("tests.dnd.over", { n: indexOf(active.id) + 1, position: indexOf(over.id) + 1 }) : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t("tests.dnd.dropped", { n: indexOf(active.id) + 1, position: indexOf(over.id) + 1 })
        : undefined,
    onDragCancel: ({ active }) => t("tests.dnd.cancelled", { n: indexOf(active.id) + 1 }),
  };

  async function moveTo(from: number, to: number) {
    if (await move(from, to)) setStatus(t("tests.movedTo", { from: from + 1, to: to + 1 }));
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    void moveTo(indexOf(active.id), indexOf(over.id));
  }

  const list = (
    <ol className="grid gap-3" aria-label={t("tests.previewList")}>
      {rows.map((row, index) => (
        <PreviewRow
          key={row.id}
          row={row}
          index={index}
          count={rows.length}
          editable={editable}
          busy={saving || swap.isPending}
          onMove={(to) => void moveTo(index, to)}
          onSwap={() =>
            swap.mutate(row.id, {
              onSuccess: () => setStatus(t("tests.swapped", { n: index + 1 })),
            })
          }
        />
      ))}
    </ol>
  );

  return (
    <QueryState query={form} failed={t("tests.loadFailed")}>
      {() =>
        rows.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
            {t("tests.noForm")}
          </p>
        ) : (
          <div className="grid gap-3">
            {editable && <p className="text-sm text-slate-600">{t("tests.reorderHint")}</p>}
            <p role="status" aria-live="polite" className="sr-only">
              {status}
            </p>
            {editable ? (
              <DndContext
                sensors={sensors}
                collisionDetection={closestCenter}
                onDragEnd={onDragEnd}
                accessibility={{
                  announcements,
                  screenReaderInstructions: { draggable: t("tests.dnd.instructions") },
                }}
              >
                <SortableContext items={rows.map((row) => row.id)} strategy={verticalListSortingStrategy}>
                  {list}
                </SortableContext>
              </DndContext>
            ) : (
              list
            )}
          </div>
        )
      }
    </QueryState>
  );
}

const TYPES = [
  "single_choice",
  "multiple_choice",
  "true_false",
  "short_text",
  "essay",
  "true_false_set",
  "numeric",
];

function PreviewRow({
  row,
  index,
  count,
  editable,
  busy,
  onMove,
  onSwap,
}: {
  row: FormQuestion;
  index: number;
  count: number;
  editable: boolean;
  busy: boolean;
  onMove: (to: number) => void;
  onSwap: () => void;
}) {
  const t = useT();
  const sortable = useSortable({ id: row.id, disabled: !editable || busy });
  const q = row.question;
  const n = index + 1;
  const style: CSSProperties = {
    transform: sortable.transform
      ? `translate3d(${Math.round(sortable.transform.x)}px, ${Math.round(sortable.transform.y)}px, 0)`
      : undefined,
    transition: sortable.transition,
  };
  const matrix = [q.matrix.subtopic?.code ?? q.matrix.topic?.code, q.matrix.complexity_level?.code]
    .filter(Boolean)
    .join(" · ");
  return (
    <li
      ref={sortable.setNodeRef}
      style={style}
      aria-label={t("tests.questionN", { n })}
      className={cn(
        "flex gap-3 rounded-xl border border-slate-200 bg-white p-3",
        sortable.isDragging && "relative z-10 shadow-lg ring-2 ring-blue-300",
      )}
    >
      {editable && (
        <button
          type="button"
          ref={sortable.setActivatorNodeRef}
          {...sortable.attributes}
          {...sortable.listeners}
          aria-label={t("tests.dragHandle", { n })}
          disabled={busy}
          className="flex h-9 w-7 shrink-0 cursor-grab touch-none items-center justify-center rounded text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600 active:cursor-grabbing disabled:opacity-50"
        >
          <GripVertical className="h-4 w-4" />
        </button>
      )}
      <div className="grid min-w-0 flex-1 gap-2">
        <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
          <span className="rounded-full bg-blue-50 px-2 py-0.5 font-semibold text-blue-800">
            {t("tests.questionN", { n })}
          </span>
          <span>{q.subject_name}</span>
          {matrix && <span className="font-mono">{matrix}</span>}
          <span>{TYPES.includes(q.type) ? t(`tests.questionType.${q.type}` as MessageId) : q.type}</span>
          <span>{t("tests.weight", { weight: q.score_weight })}</span>
        </div>
        <MathHtml
          className="text-sm text-slate-900 [&_img]:max-w-full [&_p]:my-1"
          text={q.content.stem}
          empty={`#${q.id}`}
        />
        {q.content.options.length > 0 && (
          <ul className="grid gap-1 sm:grid-cols-2">
            {q.content.options.map((option) => (
              <li key={option.id} className="flex gap-2 rounded-lg border border-slate-100 px-2 py-1 text-sm">
                <span className="font-semibold">{option.id.toUpperCase()}.</span>
                <MathHtml text={option} />
              </li>
            ))}
          </ul>
        )}
        {q.type === "true_false" && <p className="text-sm text-slate-600">{t("tests.trueFalse")}</p>}
        {q.content.statements.length > 0 && (
          <ol className="grid gap-1">
            {q.content.statements.map((statement, i) => (
              <li
                key={statement.id}
                className="flex gap-2 rounded-lg border border-slate-100 px-2 py-1 text-sm"
              >
                <span className="font-semibold">{statementLetter(i)})</span>
                <MathHtml text={statement} />
              </li>
            ))}
          </ol>
        )}
        {editable && (
          <div className="flex flex-wrap gap-1 border-t border-slate-100 pt-2">
            <IconButton
              icon={ArrowUp}
              className="h-8 w-8"
              label={t("tests.moveUp", { n })}
              disabled={busy || index === 0}
              onClick={() => onMove(index - 1)}
            />
            <IconButton
              icon={ArrowDown}
              className="h-8 w-8"
              label={t("tests.moveDown", { n })}
              disabled={busy || index === count - 1}
              onClick={() => onMove(index + 1)}
            />
            <Button
              size="sm"
              variant="ghost"
              aria-label={t("tests.swap", { n })}
              disabled={busy}
              onClick={onSwap}
            >
              <RefreshCw className="h-4 w-4" aria-hidden="true" /> {t("tests.swapShort")}
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}

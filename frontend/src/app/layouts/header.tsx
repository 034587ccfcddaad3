/** The application header (spec §2): logos -> /home, language switcher, help -> guide.student,
 * notification bell, cart with badge, user menu with the pending-transaction red dot, Switch
 * Account. Authorization is re-checked when the window regains focus. */
import * as Popover from "@radix-ui/react-dialog";
import { useQueryClient } from "@tanstack/react-query";
import { Bell, Building2, CircleHelp, LogOut, Menu, Receipt, ShoppingCart, User, Users } from "lucide-react";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { Link, useNavigate } from "react-router-dom";

import { Brand } from "@/components/brand";
import { Deferred } from "@/components/deferred";
import { useLangAttr } from "@/components/lang";
import { LanguageSwitcher } from "@/components/language-switcher";
import { Avatar, initials } from "@/components/ui/avatar";
import { useLogout } from "@/features/auth/api/logout";
import { authorizedQuery } from "@/lib/auth/get-authorized";
import type { Authorized } from "@/lib/auth/types";
import { cartBadge, useCart } from "@/features/marketplace/api/get-cart";
import { usePendingTransactions } from "@/features/marketplace/api/get-transactions";
import { useUnreadCount } from "@/features/notifications/api/get-unread-count";
import { paths } from "@/config/paths";
import { useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";
import { ApiError } from "@/lib/api-client";

import type { UserMenuItem } from "./header-ui";

// Opened by few, on demand: out of the first visit of every signed-in page (issue 20).
const NotificationPanel = lazy(() =>
  import("@/features/notifications/components/notification-panel").then((m) => ({
    default: m.NotificationPanel,
  })),
);
const SwitchAccountDialog = lazy(() =>
  import("@/features/auth/components/switch-account-dialog").then((m) => ({
    default: m.SwitchAccountDialog,
  })),
);
/** The user menu and the tooltips (decision 0038): plain controls stand in until they came. */
const loadHeaderUi = () => import("./header-ui");
type HeaderUi = Awaited<ReturnType<typeof loadHeaderUi>>;

/** A tooltip's stand-in until the tooltips came: the control alone (its name is its label). */
function PlainTip({ children }: { content: string; children: ReactNode }) {
  return children;
}

const userMenuTrigger =
  "relative rounded-full focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600";

const iconButton =
  "relative inline-flex h-9 w-9 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600";

export function Header({ authorized, onMenu }: { authorized: Authorized; onMenu?: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cart = useCart();
  const pending = usePendingTransactions();
  const unread = useUnreadCount();
  const logout = useLogout(() => navigate("/"));
  const [switching, setSwitching] = useState(false);
  const [switchedOnce, setSwitchedOnce] = useState(false);
  const [bellOpen, setBellOpen] = useState(false);
  const user = authorized.user;
  const cartCount = cart.data?.cartItems.length ?? 0;
  const badge = cartBadge(cartCount);
  const hasPending = (pending.data?.items.length ?? 0) > 0;
  const unreadCount = unread.data?.count ?? 0;
  const unreadBadge = cartBadge(unreadCount); // the same "9+" rule as the cart's
  const contentLang = useLangAttr();

  useEffect(() => {
    const onFocus = () => void queryClient.invalidateQueries({ queryKey: authorizedQuery().queryKey });
    window.addEventListener("focus", onFocus);
    return () => window.removeEventListener("focus", onFocus);
  }, [queryClient]);

  async function onLogout() {
    try {
      await logout.mutateAsync();
      toast({ variant: "success", title: t("auth.logoutSuccess"), description: t("auth.redirectToLogin") });
    } catch (error) {
      toast({
        variant: "destructive",
        title: t("auth.logoutFailed"),
        description: error instanceof ApiError && error.message ? error.message : t("common.unknownError"),
      });
    }
  }

  const avatarLabel = user.profileImage
    ? t("header.userMenu") // a photo shows no text
    : t("header.userMenuOf", { initials: initials(user.name) }); // named after what it shows (WCAG 2.5.3)
  const avatar = (
    <>
      <Avatar name={user.name} src={user.profileImage} />
      {hasPending && (
        <span
          data-testid="pending-dot"
          className="absolute right-0 top-0 h-3 w-3 rounded-full border-2 border-white bg-red-600"
        />
      )}
    </>
  );
  const menuGroups: UserMenuItem[][] = [
    [
      {
        key: "profile",
        icon: <User className="h-4 w-4" />,
        label: t("header.profile"),
        onSelect: () => navigate(paths.profile),
      },
      {
        key: "transactions",
        icon: <Receipt className="h-4 w-4" />,
        label: t("header.transactions"),
        dot: hasPending,
        onSelect: () => navigate(paths.transactionsIndex),
      },
      ...(user.is_admin
        ? [
            {
              key: "organization",
              icon: <Building2 className="h-4 w-4" />,
              label: t("header.organizationSettings"),
              onSelect: () => navigate(paths.organizationSettings),
            },
          ]
        : []),
      ...(authorized.profiles.length > 1
        ? [
            {
              key: "switch",
              icon: <Users className="h-4 w-4" />,
              label: t("header.switchAccount"),
              onSelect: () => {
                setSwitchedOnce(true);
                setSwitching(true);
              },
            },
          ]
        : []),
    ],
    [{ key: "logout", icon: <LogOut className="h-4 w-4" />, label: t("header.logout"), onSelect: onLogout }],
  ];

  /** The controls at the header's end; `ui` is the deferred chunk (null: plain stand-ins). */
  function tools(ui: HeaderUi | null, requestMenu: () => void, menuRequested: boolean): ReactNode {
    const Tip = ui?.Tooltip ?? PlainTip;
    const controls = (
      <>
        <LanguageSwitcher />
        <Tip content={t("header.help")}>
          <Link to={paths.guideStudent} className={iconButton} aria-label={t("header.help")}>
            <CircleHelp className="h-5 w-5" />
          </Link>
        </Tip>
        <Popover.Root open={bellOpen} onOpenChange={setBellOpen} modal={false}>
          <Popover.Trigger
            className={iconButton}
            // The name holds the badge as shown, outside parentheses (WCAG 2.5.3: the visible text
            // is part of the name; a name's parenthetical does not count).
            aria-label={t("header.notifications", { shown: unreadBadge ?? "0" })}
          >
            <Bell className="h-5 w-5" />
            {unreadBadge && (
              <span className="absolute -right-0.5 -top-0.5 min-w-4 rounded-full bg-red-600 px-1 text-[10px] font-bold leading-4 text-white">
                {unreadBadge}
              </span>
            )}
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content
              aria-describedby={undefined}
              className="fixed right-2 top-16 z-50 rounded-2xl border border-slate-200 bg-white shadow-xl sm:right-6"
            >
              <Popover.Title className="sr-only">{t("notifications.title")}</Popover.Title>
              <Suspense
                fallback={
                  <p role="status" className="w-80 max-w-[calc(100vw-1rem)] p-4 text-sm text-slate-500">
                    {t("common.loading")}
                  </p>
                }
              >
                <NotificationPanel />
              </Suspense>
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
        <Tip content={t("header.cart")}>
          <Link
            to={paths.shoppingCart}
            className={iconButton}
            aria-label={t("header.cartCount", { count: cartCount, shown: badge ?? "0" })}
          >
            <ShoppingCart className="h-5 w-5" />
            {badge && (
              <span
                data-testid="cart-badge"
                className="absolute -right-0.5 -top-0.5 min-w-4 rounded-full bg-amber-400 px-1 text-[10px] font-bold leading-4 text-slate-900"
              >
                {badge}
              </span>
            )}
          </Link>
        </Tip>
        {ui ? (
          <ui.UserMenu
            triggerClassName={userMenuTrigger}
            triggerLabel={avatarLabel}
            trigger={avatar}
            name={user.name}
            role={t(user.pandai_profile_role === "EDUCATOR" ? "role.educator" : "role.learner")}
            organization={user.organization?.name}
            groups={menuGroups}
            defaultOpen={menuRequested}
          />
        ) : (
          <button
            type="button"
            className={userMenuTrigger}
            aria-label={avatarLabel}
            aria-haspopup="menu"
            aria-expanded="false"
            onClick={requestMenu}
          >
            {avatar}
          </button>
        )}
      </>
    );
    return ui ? <ui.TooltipProvider>{controls}</ui.TooltipProvider> : controls;
  }

  return (
    <header className="sticky top-0 z-40 flex h-16 items-center gap-2 border-b border-slate-200 bg-white px-3 sm:px-6">
      {onMenu && (
        <button
          type="button"
          className={`${iconButton} lg:hidden`}
          onClick={onMenu}
          aria-label={t("nav.openMenu")}
        >
          <Menu className="h-5 w-5" />
        </button>
      )}
      <Brand to={paths.home} name={t("app.name")} />
      {user.organization?.logo && (
        <img
          src={user.organization.logo}
          alt={user.organization.name}
          {...contentLang}
          className="h-8 w-auto max-w-24 rounded object-contain"
        />
      )}
      <div className="ml-auto flex items-center gap-1 sm:gap-2">
        <Deferred load={loadHeaderUi} fallback={(request) => tools(null, request, false)}>
          {(ui, requested) => tools(ui, () => {}, requested)}
        </Deferred>
      </div>
      {switchedOnce && (
        <Suspense fallback={null}>
          <SwitchAccountDialog open={switching} onOpenChange={setSwitching} authorized={authorized} />
        </Suspense>
      )}
    </header>
  );
}

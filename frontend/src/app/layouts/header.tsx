/** The application header (spec §2): logos -> /home, language switcher, help -> guide.student,
 * notification bell, cart with badge, user menu with the pending-transaction red dot, Switch
 * Account. Authorization is re-checked when the window regains focus. */
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import * as Popover from "@radix-ui/react-dialog";
import { useQueryClient } from "@tanstack/react-query";
import { Bell, Building2, CircleHelp, LogOut, Menu, Receipt, ShoppingCart, User, Users } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router-dom";

import { Brand } from "@/components/brand";
import { Lang, useLangAttr } from "@/components/lang";
import { LanguageSwitcher } from "@/components/language-switcher";
import { Avatar, initials } from "@/components/ui/avatar";
import { Tooltip } from "@/components/ui/tooltip";
import { useLogout } from "@/features/auth/api/logout";
import { authorizedQuery } from "@/lib/auth/get-authorized";
import type { Authorized } from "@/lib/auth/types";
import { SwitchAccountDialog } from "@/features/auth/components/switch-account-dialog";
import { cartBadge, useCart } from "@/features/marketplace/api/get-cart";
import { usePendingTransactions } from "@/features/marketplace/api/get-transactions";
import { useUnreadCount } from "@/features/notifications/api/get-unread-count";
import { NotificationPanel } from "@/features/notifications/components/notification-panel";
import { paths } from "@/config/paths";
import { useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";
import { ApiError } from "@/lib/api-client";

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
        <LanguageSwitcher />
        <Tooltip content={t("header.help")}>
          <Link to={paths.guideStudent} className={iconButton} aria-label={t("header.help")}>
            <CircleHelp className="h-5 w-5" />
          </Link>
        </Tooltip>
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
              <NotificationPanel />
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
        <Tooltip content={t("header.cart")}>
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
        </Tooltip>
        {/* Not modal: a modal menu hides the page with aria-hidden while its links stay
            focusable (axe aria-hidden-focus); Escape and an outside click still close it. */}
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger
            className="relative rounded-full focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600"
            aria-label={
              // Named after the initials it shows (WCAG 2.5.3); a photo shows no text.
              user.profileImage
                ? t("header.userMenu")
                : t("header.userMenuOf", { initials: initials(user.name) })
            }
          >
            <Avatar name={user.name} src={user.profileImage} />
            {hasPending && (
              <span
                data-testid="pending-dot"
                className="absolute right-0 top-0 h-3 w-3 rounded-full border-2 border-white bg-red-600"
              />
            )}
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              align="end"
              sideOffset={8}
              className="z-50 min-w-56 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
            >
              <div className="px-3 py-2">
                <p className="text-sm font-semibold">
                  <Lang>{user.name}</Lang>
                </p>
                <p className="text-xs text-slate-500">
                  {t(user.pandai_profile_role === "EDUCATOR" ? "role.educator" : "role.learner")}
                  {user.organization && (
                    <>
                      {" · "}
                      <Lang>{user.organization.name}</Lang>
                    </>
                  )}
                </p>
              </div>
              <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
              <MenuItem
                onSelect={() => navigate(paths.profile)}
                icon={<User className="h-4 w-4" />}
                label={t("header.profile")}
              />
              <MenuItem
                onSelect={() => navigate(paths.transactionsIndex)}
                icon={<Receipt className="h-4 w-4" />}
                label={t("header.transactions")}
                dot={hasPending}
              />
              {user.is_admin && (
                <MenuItem
                  onSelect={() => navigate(paths.organizationSettings)}
                  icon={<Building2 className="h-4 w-4" />}
                  label={t("header.organizationSettings")}
                />
              )}
              {authorized.profiles.length > 1 && (
                <MenuItem
                  onSelect={() => setSwitching(true)}
                  icon={<Users className="h-4 w-4" />}
                  label={t("header.switchAccount")}
                />
              )}
              <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
              <MenuItem
                onSelect={onLogout}
                icon={<LogOut className="h-4 w-4" />}
                label={t("header.logout")}
              />
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </div>
      <SwitchAccountDialog open={switching} onOpenChange={setSwitching} authorized={authorized} />
    </header>
  );
}

function MenuItem({
  onSelect,
  icon,
  label,
  dot = false,
}: {
  onSelect: () => void;
  icon: React.ReactNode;
  label: string;
  dot?: boolean;
}) {
  return (
    <DropdownMenu.Item
      onSelect={onSelect}
      className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100"
    >
      {icon}
      <span className="flex-1">{label}</span>
      {dot && <span className="h-2 w-2 rounded-full bg-red-600" />}
    </DropdownMenu.Item>
  );
}

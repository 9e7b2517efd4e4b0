import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { hasClaim, useCurrentUser } from '../../shared/auth/current-user';
import { NoLineNotice } from '../../shared/ui/no-line-notice';
import { linesApi, linesKeys, lineFormPath, LINES_PATH, type LineSwitch } from './lines-api';

/** The claim that opens the lines page: who may switch a line's capability on. */
const MANAGE_LINES = 'Infrastructure.PrivateNumbers';
/** Links to at most this many lines; the lines page lists the rest. */
const MAX_LINKS = 5;

/**
 * A send screen's notice when its list of lines is empty (`show`): the line flags the send needs,
 * by their labels on the line form. A user who may manage lines gets links to their active lines
 * lacking one of the flags, each opening that line's form; anyone else is told to ask their
 * administrator.
 */
export function MissingLineNotice({ show, flags, askText, fixText }: { show: boolean; flags: readonly LineSwitch[]; askText?: string; fixText?: string }) {
  const { api } = useApp();
  const { t } = useTranslation('lines');
  const { data: user } = useCurrentUser();
  const mayManage = hasClaim(user, MANAGE_LINES);
  const { data: managed } = useSWR(show && mayManage ? linesKeys.lines(0, 100) : null, () => linesApi.list(api, { pageIndex: 0, pageSize: 100 }));
  if (!show || !user) return null;
  const lacking = (managed?.items ?? []).filter((l) => l.isActive && flags.some((f) => !l[f])).slice(0, MAX_LINKS);
  const focus = flags.find((f) => lacking.length === 0 || lacking.some((l) => !l[f]));
  return (
    <NoLineNotice capabilities={flags.map((f) => t(`lines.flagNames.${f}`))} askText={askText} fixText={fixText}
      fix={mayManage ? { lines: lacking.map((l) => ({ number: l.number, href: lineFormPath(l.id, flags.find((f) => !l[f]) ?? focus) })), linesPage: LINES_PATH } : null} />
  );
}

import { lazy } from 'react';

// Parts of the sign-in page that are not on screen when it opens: they load when their moment
// comes (a link was sent, a link landed, the other tab was chosen), which keeps the page's first
// load within its budget (scripts/bundle-budget.mjs). Each loader can also be called early.
export const loadCheckInbox = () => import('./check-inbox');
export const loadWorkspaceChooser = () => import('./workspace-chooser');
export const loadSignInForm = () => import('./sign-in-form');
const loadCompleteLogin = () => import('./complete-login');

export const LazyCheckInbox = lazy(async () => ({ default: (await loadCheckInbox()).CheckInbox }));
export const LazyWorkspaceChooser = lazy(async () => ({
  default: (await loadWorkspaceChooser()).WorkspaceChooser,
}));
export const LazySignInForm = lazy(async () => ({ default: (await loadSignInForm()).SignInForm }));
export const LazySignedInChooser = lazy(async () => ({
  default: (await loadWorkspaceChooser()).SignedInChooser,
}));
export const LazyCompleteLogin = lazy(async () => ({
  default: (await loadCompleteLogin()).CompleteLogin,
}));

/**
 * The texts of the project area (members, invites, the permission editor, the invite page, the
 * project settings): a part of the SDK's catalogue that does not load with the app, so the sign-in
 * pages stay light (`pnpm bench bundle`). Each module that shows them adds it when its chunk loads,
 * before it renders.
 */
import { addMessages, teamMessages } from '@sapa/sdk';

export function loadTeamTexts(): void {
  addMessages(teamMessages);
}

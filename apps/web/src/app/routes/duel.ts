/**
 * The Math Challenge screens as one lazy route module (app/routes.tsx): waiting room, game and
 * results load together, so the waiting room's move to /game at the countdown fetches nothing.
 */
export { WaitingRoute } from './waiting';
export { GameRoute } from './game';
export { ResultsRoute } from './results';

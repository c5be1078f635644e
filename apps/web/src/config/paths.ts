/** Route paths of the web app (spec §2 route table), with href builders for parameterised ones. */
export const paths = {
  login: '/login',
  signup: '/signup',
  authSuccess: '/auth/success',
  home: '/',
  waiting: '/waiting',
  game: '/game',
  results: '/results',
  singleplayer: '/singleplayer',
  daily: '/daily',
  contest: (contestId: string) => `/contest/${encodeURIComponent(contestId)}`,
  contestResults: (contestId: string) => `/contest/${encodeURIComponent(contestId)}/results`,
} as const;

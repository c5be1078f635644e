/** Shared presentational pieces. They import only lib/, never a feature. */
export { AnswerForm, type AnswerFormProps } from './answer-form';
export { AppHeader, LogoutButton, logout, initials, type AppHeaderProps } from './app-header';
export { Brand } from './brand';
export { Button, type ButtonProps, type ButtonVariant, type ButtonSize } from './button';
export { Card, type CardProps } from './card';
export { cx } from './cx';
export { DurationPicker, type DurationPickerProps } from './duration-picker';
export { Field, PasswordField, type FieldProps, type PasswordFieldProps } from './field';
export { FloatingSymbols, type FloatingSymbolsProps } from './floating-symbols';
export { GameOverPanel, type GameOverPanelProps } from './game-over';
export { GameStats, type GameStatsProps } from './game-stats';
export { Page, type PageProps } from './page';
export { PlayFeedback, type PlayFeedbackProps } from './play-feedback';
export { PaceNotice, type PaceNoticeProps } from './pace-notice';
export { PlayerName, type PlayerNameProps } from './player-name';
export { ProgressBar, clampPercent, type ProgressBarProps } from './progress-bar';
export { QuestionProgress, QuestionText, type QuestionProgressProps, type QuestionTextProps } from './question';
export { SkipLink } from './skip-link';
export { ResumeNotice, ResumeNoticeLine, type ResumeNoticeProps } from './resume-notice';
export { LoadingScreen, Spinner, type LoadingScreenProps, type SpinnerProps } from './spinner';
export { formatMmSs } from './time';
export {
  IconBolt,
  IconEquals,
  IconFlag,
  IconList,
  IconStar,
  IconSwords,
  IconTarget,
  IconTimer,
  IconTrophy,
  IconUsers,
  type IconProps,
} from './icons';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

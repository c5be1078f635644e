/** Shared presentational pieces. They import only lib/, never a feature. */
export { AppHeader, LogoutButton, logout, initials, type AppHeaderProps } from './app-header';
export { Button, type ButtonProps, type ButtonVariant, type ButtonSize } from './button';
export { Card, type CardProps } from './card';
export { cx } from './cx';
export { DurationPicker, type DurationPickerProps } from './duration-picker';
export { Field, PasswordField, type FieldProps, type PasswordFieldProps } from './field';
export { FloatingSymbols, type FloatingSymbolsProps } from './floating-symbols';
export { Page, type PageProps } from './page';
export { ProgressBar, clampPercent, type ProgressBarProps } from './progress-bar';
export { LoadingScreen, Spinner, type LoadingScreenProps, type SpinnerProps } from './spinner';
export { formatMmSs } from './time';
export { IconBolt, IconStar, IconSwords, IconTimer, IconTrophy, IconUsers, type IconProps } from './icons';

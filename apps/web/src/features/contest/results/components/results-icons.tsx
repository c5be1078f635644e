/** Icons of the results page: the contest screens' set plus the shared target (re-exported for one import). */
export { IconTarget } from '../../../../components/ui';
export { IconBulb, IconChart, IconCheck, IconClock, IconCross, IconDash, IconHome, IconLock, IconMedal } from '../../take/components/contest-icons';

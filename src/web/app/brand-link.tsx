import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './brand-link.module.css';

/** The logo and name, linking home: the landing's brand (32 px mark, the name tight and heavy). Plain elements: every screen shows it. */
export function BrandLink({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className={classes.brand}>
      <img src="/logo.svg" alt="" width={30} height={30} />
      <span className={classes.name}>{t('appName')}</span>
    </Link>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './site-footer.module.css';

/**
 * The footer of SPEC §2: documentation, privacy policy and legal advice (a navigation, so no underline until
 * hovered). Plain elements with Mantine's look, not its components: every page's first screen renders it.
 */
export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className={classes.footer}>
      <p className={classes.copyright}>© {new Date().getFullYear()} Alzado</p>
      <nav className={classes.links} aria-label={t('footer.links')}>
        <Link to="/documentation" className={classes.link}>
          {t('footer.documentation')}
        </Link>
        <Link to="/privacy" className={classes.link}>
          {t('footer.privacy')}
        </Link>
        <Link to="/legal" className={classes.link}>
          {t('footer.legal')}
        </Link>
      </nav>
    </footer>
  );
}

import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes';
import AccountNavbarItem from '../../components/AccountNavbarItem';

/** Adds `custom-account`: "Sign in", or the reader's e-mail and "Sign out". */
export default {
  ...ComponentTypes,
  'custom-account': AccountNavbarItem,
};

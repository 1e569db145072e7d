# Sourced by the CI scripts that install Debian packages.

# apt_install installs Debian packages, refreshing the package lists first
# when a fresh machine has none.
apt_install() {
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -qq "$@" || { apt-get update -qq && apt-get install -y -qq "$@"; }
}

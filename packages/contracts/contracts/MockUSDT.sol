// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title Mock Tether USD
/// @notice Development and test stand-in for USDT (6 decimals).
/// @dev NEVER deployed to production: production uses the real USDT contract on Arbitrum One.
/// Local chains run with chain id 42161 like production, so the chain id cannot tell a dev
/// deployment apart; the deployer decides explicitly through `openMint`.
contract MockUSDT is ERC20 {
    error MintClosed();

    /// @notice When true anyone may mint (faucet for local development); when false minting is disabled.
    bool public immutable openMint;

    constructor(bool openMint_) ERC20("Tether USD", "USDT") {
        openMint = openMint_;
    }

    function decimals() public pure override returns (uint8) {
        return 6;
    }

    function mint(address to, uint256 amount) external {
        if (!openMint) revert MintClosed();
        _mint(to, amount);
    }
}
